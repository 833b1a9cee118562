import Platform
import Core
import Simulator

/// What a scenario command line takes from its process: the environment, the terminal, the
/// clock, fresh seeds, a work folder and the device set. The executables pass the live ones;
/// tests pass fakes.
public struct ScenarioCommandContext {
    /// The process environment (Bazel's `TEST_*`, `XML_OUTPUT_FILE`, `NO_COLOR`).
    public var environment: [String: String]
    /// Whether standard error is a terminal: then a one-line progress and colour (unless `NO_COLOR`).
    public var standardErrorIsTerminal: Bool
    /// The default of `-j`: the machine's cores.
    public var processorCount: Int
    /// An empty folder for temporary devices; the caller removes it afterwards.
    public var workFolder: String
    /// What keeps `workFolder` marked as in use while the command runs, so no other run sweeps
    /// it (Live's `WorkFolder`, holding the folder's lock); nil when the caller manages the folder.
    public var workFolderOwner: AnyObject?
    /// A monotonic clock in nanoseconds (host durations).
    public var hostNanoseconds: @Sendable () -> UInt64
    /// A new seed for each repetition after the first (`--repeat` without `--seed`).
    public var nextSeed: () -> UInt64
    /// The device set `--device` names a device of.
    public var deviceSet: () throws -> DeviceSet
    /// Where reports are written.
    public var fileSystem: FileSystem
    /// Writes to standard output; false when the write failed.
    public var standardOutput: (String) -> Bool
    /// Writes to standard error.
    public var standardError: @Sendable (String) -> Void
    /// Where `takeScreenshot` writes `<path>.png` when `--screenshots` names no folder: the
    /// working directory, as `maestro test` writes them (Bazel's `TEST_UNDECLARED_OUTPUTS_DIR`
    /// under `bazel test`, where a test's files are kept); nil writes none (tests' contexts).
    public var screenshotsFolder: String?

    public init(environment: [String: String], standardErrorIsTerminal: Bool, processorCount: Int, workFolder: String,
                hostNanoseconds: @escaping @Sendable () -> UInt64, nextSeed: @escaping () -> UInt64,
                deviceSet: @escaping () throws -> DeviceSet, fileSystem: FileSystem,
                standardOutput: @escaping (String) -> Bool, standardError: @escaping @Sendable (String) -> Void) {
        self.environment = environment
        self.standardErrorIsTerminal = standardErrorIsTerminal
        self.processorCount = processorCount
        self.workFolder = workFolder
        self.hostNanoseconds = hostNanoseconds
        self.nextSeed = nextSeed
        self.deviceSet = deviceSet
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Colour on a terminal unless `NO_COLOR` is set to anything non-empty (no-color.org).
    var usesColor: Bool {
        standardErrorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
    }
}
