/// A request's target size in pixels, or ``maximumSize`` (`PHImageManagerMaximumSize`).
public struct ImageTargetSize: Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "a target size is positive, got \(width)x\(height)")
        self.width = width
        self.height = height
    }

    private init(maximum: Void) {
        width = -1
        height = -1
    }

    /// `PHImageManagerMaximumSize`: the asset's own pixel size (its numeric value on iOS is not
    /// established, IOS-FACTS §5; here it is a marker that never reaches a computation).
    public static let maximumSize = ImageTargetSize(maximum: ())

    public var isMaximumSize: Bool { self == .maximumSize }

    public var description: String { isMaximumSize ? "maximumSize" : "\(width)x\(height)" }
}
