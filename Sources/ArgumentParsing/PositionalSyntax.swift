/// The arguments of a command that are not options: what they are called and how many there may be.
public struct PositionalSyntax: Sendable, Equatable {
    /// The placeholder shown in a generated synopsis (`<file|folder>`).
    public let placeholder: String
    /// How many the command takes; `Int.max` as the upper bound for "any number".
    public let count: ClosedRange<Int>

    public init(_ placeholder: String, count: ClosedRange<Int>) {
        self.placeholder = placeholder
        self.count = count
    }

    /// No positional arguments at all.
    public static let none = PositionalSyntax("", count: 0...0)
}
