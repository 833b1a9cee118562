import Foundation

/// One injected fault: the `nth` operation of a kind (counted from when it was injected, among
/// those whose path relative to the app's container matches `pathPattern`) fails with `kind`.
public struct FaultRule: Sendable, Equatable, CustomStringConvertible {
    public let kind: FaultKind
    public let operation: FaultOperation
    /// Counts from 1.
    public let nth: Int
    /// An `fnmatch` pattern on the path relative to the container (`Documents/*`,
    /// `Library/Application Support/*.sqlite*`); `nil` matches every path.
    public let pathPattern: String?
    /// Matching operations seen so far.
    var matchesSeen = 0

    public init(kind: FaultKind, operation: FaultOperation, nth: Int = 1, pathPattern: String? = nil) {
        precondition(nth >= 1, "faults count operations from 1, got \(nth)")
        self.kind = kind
        self.operation = operation
        self.nth = nth
        self.pathPattern = pathPattern
    }

    public var description: String {
        "\(kind.rawValue) on \(operation.rawValue) #\(nth)" + (pathPattern.map { " of \($0)" } ?? "")
    }

    /// True when `path` (relative to the container) matches the pattern.
    func matches(_ operation: FaultOperation, relativePath path: String) -> Bool {
        guard self.operation.covers(operation) else { return false }
        guard let pathPattern else { return true }
        return fnmatch(pathPattern, path, 0) == 0
    }

    public static func == (lhs: FaultRule, rhs: FaultRule) -> Bool {
        lhs.kind == rhs.kind && lhs.operation == rhs.operation && lhs.nth == rhs.nth && lhs.pathPattern == rhs.pathPattern
    }
}
