/// A rule of one app's own that must hold between any two events: its rows and its files
/// agree, its IDs are never reused. Declared with the app (``AppDefinition/checkers``) and run
/// by the simulator beside the platform's checkers (store integrity, the media library, caches,
/// leaks) after every launch and at the end of every scenario.
///
/// A checker reads the app's container through a ``CheckContext`` and returns what is wrong, one
/// sentence per problem naming the file (relative to the container); none means the rule holds.
/// A rule that must remember something across relaunches (every ID ever handed out) keeps it in
/// its ``AppCheckRule`` object: one is made per device and app, and made again when the app's
/// data container is erased.
///
/// ```swift
/// let everyNoteHasAFile = AppChecker(name: "note-files", summary: "every note row's file exists") { context in
///     let notes = context.containerPath + "/Documents/Notes"
///     return context.fileSystem.fileExists(at: notes) ? [] : ["\(context.relative(notes)) is missing"]
/// }
/// ```
public struct AppChecker: Sendable, CustomStringConvertible {
    /// The stable name failures, replay headers, `skipCheckers` and `--checkers` use
    /// (`photo-files`): lower-case letters, digits and `-`.
    public let name: String
    /// One line saying what the rule is, for `--list-checkers`.
    public let summary: String
    /// Whether the rule is about the container's files, so that a file deleted behind the app's
    /// back (the scenario command `deleteFile`) breaks it by design and it is not run there.
    public let coversFiles: Bool
    /// Makes the rule's state for one device and app.
    let makeRule: @Sendable () -> AppCheckRule

    /// A rule with state of its own (see ``AppCheckRule``).
    public init(name: String, summary: String, coversFiles: Bool = false, makeRule: @escaping @Sendable () -> AppCheckRule) {
        precondition(Self.isValidName(name), "a checker name is lower-case letters, digits and -: \(name)")
        self.name = name
        self.summary = summary
        self.coversFiles = coversFiles
        self.makeRule = makeRule
    }

    /// A rule that remembers nothing between checkups.
    public init(name: String, summary: String, coversFiles: Bool = false,
                problems: @escaping @Sendable (CheckContext) -> [String]) {
        self.init(name: name, summary: summary, coversFiles: coversFiles) { StatelessRule(problems: problems) }
    }

    /// A new state for the rule (a device's first checkup, or its container erased).
    public func makeState() -> AppCheckRule { makeRule() }

    public var description: String { name }

    /// Lower-case ASCII letters, digits and `-`, starting with a letter.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}

/// The state of one app checker on one device: ``problems(in:)`` is asked after every event the
/// checkers run at, and may keep what it saw for the next time.
public protocol AppCheckRule: AnyObject {
    /// What is wrong now by this rule; empty when it holds.
    func problems(in context: CheckContext) -> [String]
}

/// An ``AppCheckRule`` without state.
private final class StatelessRule: AppCheckRule {
    let body: @Sendable (CheckContext) -> [String]
    init(problems: @escaping @Sendable (CheckContext) -> [String]) { body = problems }
    func problems(in context: CheckContext) -> [String] { body(context) }
}
