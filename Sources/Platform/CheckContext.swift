import Core

/// What an app's checker sees of the device between two events: the app's data container, read
/// only, and the little it must know of the app's process. The simulator gives one to each
/// ``AppCheckRule`` it runs.
///
/// A checker only reads: it never writes a file, and reads stores through ``reading(_:_:)``,
/// whose read-only connections the checkup opens once and shares between its checkers.
public protocol CheckContext: AnyObject {
    /// The app's bundle identifier.
    var bundleIdentifier: BundleIdentifier { get }
    /// The app's data container (`Documents`, `Library`, `tmp`).
    var containerPath: String { get }
    /// The device's file system, to read the container with.
    var fileSystem: FileSystem { get }
    /// Whether the app is running now. A killed app leaves what a kill leaves (a file written
    /// before its row), which its next launch is expected to tidy; a rule about leftovers
    /// usually counts them only while the app runs.
    var isAppRunning: Bool { get }
    /// Files (relative to the container) whose removal an injected fault made fail since the app
    /// launched: the app could not remove them, and is expected to at its next launch.
    var failedRemovals: Set<String> { get }
    /// Every SQLite store in the container (`*.sqlite`, `*.sqlite3`, `*.db`, up to four folders
    /// down, hidden folders skipped), sorted.
    var containerStores: [String] { get }
    /// Runs `body` on a read-only connection to the store at `path`; a store that cannot be read
    /// is a ``CheckProblem`` naming it.
    func reading<Result>(_ path: String, _ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(CheckProblem) -> Result
    /// `path` relative to the container, as problems name files inside it and as
    /// ``failedRemovals`` lists them (``Core/RelativePaths``: the container however spelled).
    func relative(_ path: String) -> String
}

extension CheckContext {
    /// The names in `folder`, sorted; none when it is missing or not a folder.
    public func names(in folder: String) -> [String] {
        (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
    }
}

/// One problem a checker found, as a sentence (naming the file); thrown by helpers that read the
/// container, and returned as one of the checker's problems.
public struct CheckProblem: Error, Equatable, Sendable {
    public let sentence: String
    public init(_ sentence: String) { self.sentence = sentence }
}
