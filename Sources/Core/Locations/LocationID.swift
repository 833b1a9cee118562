/// A stored location's identity: its row's primary key (`Z_PK`), allocated like Core Data does.
public struct LocationID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64

    /// Wraps a primary key; `nil` for 0 and negative numbers, which Core Data never allocates.
    public init?(rawValue: Int64) {
        guard rawValue > 0 else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }

    public static func < (left: LocationID, right: LocationID) -> Bool { left.rawValue < right.rawValue }
}
