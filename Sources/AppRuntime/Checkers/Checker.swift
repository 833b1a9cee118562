import Platform

/// A named rule about a device's state that must hold between any two user or platform events.
///
/// Two kinds run side by side: the platform's own, true of every app (every SQLite store of the
/// container passes `PRAGMA integrity_check`, the media library agrees with its files, caches
/// stay within the jetsam limit, nothing leaks), and each app's own (``Platform/AppChecker``,
/// declared in its ``Platform/AppDefinition``: MyLocations' photo files and photo IDs, say),
/// which read the container through the checkup as a ``Platform/CheckContext``. The platform
/// knows no app's schema.
///
/// A checker reads the device through a ``DeviceCheckup`` (which keeps what a checker must
/// remember across relaunches) and returns what is wrong, one sentence per problem with the
/// path; an empty list means the rule holds. docs/explore.md lists the checkers.
///
/// ```swift
/// let checkup = DeviceCheckup(host: host)
/// try host.tap("Done")
/// if let failure = checkup.run() { print(failure) }   // "photo-files: Documents/Photo-1.jpg ..."
/// ```
public struct Checker: Sendable, CustomStringConvertible {
    /// The stable name failures and replay headers use (`photo-files`).
    public let name: String
    /// One line saying what the rule is.
    public let summary: String
    /// Whether the rule reads only the disk (stores, files, the media library), so that it holds
    /// as long as nothing changed them (``DeviceCheckup/skipsUnchangedDevice``).
    let readsDevice: Bool
    /// Whether a file deleted behind the app's back breaks the rule by design
    /// (``Platform/AppChecker/coversFiles``).
    public let coversFiles: Bool
    let body: Body

    /// What runs the rule.
    enum Body: Sendable {
        /// A platform rule, reading the checkup itself.
        case platform(@Sendable (DeviceCheckup) -> [String])
        /// An app's rule, run through its state on the checkup (``DeviceCheckup/appRule(_:)``).
        case app(AppChecker)
    }

    init(name: String, summary: String, readsDevice: Bool = true, body: @escaping @Sendable (DeviceCheckup) -> [String]) {
        self.name = name
        self.summary = summary
        self.readsDevice = readsDevice
        self.coversFiles = false
        self.body = .platform(body)
    }

    /// An app's checker, run as the platform's are.
    public init(_ app: AppChecker) {
        name = app.name
        summary = app.summary
        readsDevice = true
        coversFiles = app.coversFiles
        body = .app(app)
    }

    /// What is wrong on `checkup`'s device by this rule; empty when it holds.
    public func problems(in checkup: DeviceCheckup) -> [String] {
        switch body {
        case .platform(let rule): return rule(checkup)
        case .app(let checker): return checkup.appRule(checker).problems(in: checkup)
        }
    }

    public var description: String { name }

    /// The platform's checkers, true of every app, in the order a checkup runs them (the leak
    /// check last: a report with leaks ends the run, see ``LeakTracker``).
    public static let platform: [Checker] = [.storeIntegrity, .mediaLibrary, .caches, .leaks]

    /// Every checker of an app run: the app's own first, then the platform's (leaks last).
    public static func all(for definition: AppDefinition) -> [Checker] {
        definition.checkers.map(Checker.init) + platform
    }
}

/// A checker that found its rule broken: its name and what is wrong.
public struct CheckFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The checker's name (`photo-files`).
    public let checker: String
    /// One sentence per problem, with paths.
    public let problems: [String]

    public init(checker: String, problems: [String]) {
        self.checker = checker
        self.problems = problems
    }

    public var description: String {
        "\(checker): " + problems.joined(separator: "; ")
    }
}
