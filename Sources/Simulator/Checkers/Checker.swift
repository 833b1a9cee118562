/// A named rule about a device's state that must hold between any two user or platform events:
/// files and rows agree, photo IDs are never reused, stores pass `PRAGMA integrity_check`, the
/// media library agrees with its files, caches stay within their limits, external blobs match
/// their records, nothing leaks.
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
    let body: @Sendable (DeviceCheckup) -> [String]

    init(name: String, summary: String, readsDevice: Bool = true, body: @escaping @Sendable (DeviceCheckup) -> [String]) {
        self.name = name
        self.summary = summary
        self.readsDevice = readsDevice
        self.body = body
    }

    /// What is wrong on `checkup`'s device by this rule; empty when it holds.
    public func problems(in checkup: DeviceCheckup) -> [String] {
        body(checkup)
    }

    public var description: String { name }

    /// Every checker, in the order a checkup runs them (the leak check last: a report with leaks
    /// ends the run, see ``LeakTracker``).
    public static let standard: [Checker] = [
        .photoFiles, .photoIDs, .storeIntegrity, .mediaLibrary, .caches, .externalStorage, .leaks,
    ]

    /// The standard checker called `name`, if any.
    public static func named(_ name: String) -> Checker? {
        standard.first { $0.name == name }
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
