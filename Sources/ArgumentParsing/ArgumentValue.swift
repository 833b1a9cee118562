/// A type an argument's text converts to, with the words that say what it expects.
///
/// Int, UInt64, Double, String and ``ArgumentPath`` conform; so does any `String`-backed
/// `CaseIterable` enum that declares the conformance (its expectation lists the cases).
public protocol ArgumentValue {
    /// The value for `argument`, or `nil` when the text is not one.
    init?(argument: String)
    /// What a valid value is, for messages: `a whole number`, `one of json, text`.
    static var expectation: String { get }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a whole number" }
}

extension UInt64: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a whole number from 0 to \(UInt64.max)" }
}

extension Double: ArgumentValue {
    /// A finite number: `inf` and `nan` are refused.
    public init?(argument: String) {
        guard let number = Double(argument), number.isFinite else { return nil }
        self = number
    }

    public static var expectation: String { "a number" }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
    public static var expectation: String { "text" }
}

/// A file or folder path as given (relative paths stay relative); never empty.
public struct ArgumentPath: ArgumentValue, Sendable, Equatable, CustomStringConvertible {
    public let rawValue: String

    public init?(argument: String) {
        guard !argument.isEmpty else { return nil }
        rawValue = argument
    }

    public static var expectation: String { "a path" }
    public var description: String { rawValue }
}

extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var expectation: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}
