import Foundation

/// What one run of one scenario gave: pass or fail, how long it took, every top-level command's
/// status, and on failure what failed, where, and how to replay it.
///
/// Reports (``TextReport``, ``JUnitReport``, ``JSONReport``) are pure functions of these.
public struct ScenarioResult: Hashable, Sendable {
    /// The file relative to the suite folder (`mylocations/photo-ids.yaml`).
    public let relativePath: String
    /// The file as given to the loader; the replay command names it.
    public let file: String
    public let name: String
    public let tags: [String]
    /// The seed the run used, and where it came from.
    public let seed: UInt64
    public let seedSource: SeedSource
    /// One entry per top-level step, in order (a `repeat` is one entry).
    public let commands: [CommandResult]
    /// Nil when the scenario passed.
    public let failure: ScenarioFailure?
    /// Virtual time at the end of the run.
    public let virtualNanoseconds: Int64
    /// Host time the run took, as the caller's monotonic clock measured it.
    public let hostNanoseconds: UInt64
    /// The FNV-1a 64 digest of the whole trace: the same seed and steps give the same digest.
    public let traceDigest: String
    public let traceLineCount: Int
    /// `takeScreenshot` requests, in order; each carries its PNG when the runner captures images.
    public let screenshots: [ScreenshotRequest]
    /// Thumbnails of the images the app wrote, when the runner captures images (the HTML report).
    public let images: [ReportImage]
    /// The run's seeded fault rate (`--fault-rate`), 0 for none; replaying needs it too.
    public let faultRate: Double
    /// The command line that started the run (`simctl run`, or a team's runner): the replay
    /// command begins with it.
    public let replayProgram: String

    public init(relativePath: String, file: String, name: String, tags: [String], seed: UInt64,
                seedSource: SeedSource, commands: [CommandResult], failure: ScenarioFailure?,
                virtualNanoseconds: Int64, hostNanoseconds: UInt64, traceDigest: String,
                traceLineCount: Int, screenshots: [ScreenshotRequest], images: [ReportImage] = [],
                faultRate: Double = 0, replayProgram: String = "simctl run") {
        self.relativePath = relativePath
        self.file = file
        self.name = name
        self.tags = tags
        self.seed = seed
        self.seedSource = seedSource
        self.commands = commands
        self.failure = failure
        self.virtualNanoseconds = virtualNanoseconds
        self.hostNanoseconds = hostNanoseconds
        self.traceDigest = traceDigest
        self.traceLineCount = traceLineCount
        self.screenshots = screenshots
        self.images = images
        self.faultRate = faultRate
        self.replayProgram = replayProgram
    }

    /// True when every command passed.
    public var passed: Bool { failure == nil }

    /// The command line that runs this scenario again with the same seed.
    public var replayCommand: String {
        "\(replayProgram) --seed \(seed)" + (faultRate > 0 ? " --fault-rate \(faultRate)" : "") + " \(ShellQuoting.quoted(file))"
    }
}

/// Where a run's seed came from.
public enum SeedSource: String, Hashable, Sendable {
    /// The run options' seed (`--seed`), which overrides the header's.
    case option
    /// The header's `seed`.
    case header
    /// Derived from the scenario's relative path (FNV-1a 64), so it is the same on every machine.
    case derived
}

/// One top-level command's outcome.
public struct CommandResult: Hashable, Sendable {
    /// The command as a report shows it (`tapOn: “Done”`).
    public let command: String
    /// `file:line:column`, with the `runFlow` lines that led to it.
    public let location: String
    public let status: CommandStatus
    /// Why an `optional` command (or one inside it) failed, when it did, or why a Maestro command
    /// does nothing on iOS (`back`, `setAirplaneMode`, most `pressKey` keys): the run went on.
    public let warning: String?

    public init(command: String, location: String, status: CommandStatus, warning: String? = nil) {
        self.command = command
        self.location = location
        self.status = status
        self.warning = warning
    }
}

/// Whether a command ran, and how it went.
public enum CommandStatus: String, Hashable, Sendable {
    case passed
    case failed
    /// Not run: an earlier command failed.
    case skipped
    /// An `optional` command that failed (Maestro's warning), or a Maestro command that does
    /// nothing on iOS: the run went on.
    case warned
}

/// Why a scenario failed: the command, where it is written, what was expected and what was
/// found, and the last lines of the trace.
public struct ScenarioFailure: Hashable, Sendable {
    /// The failing command as a report shows it; `setup` when the header could not be applied.
    public let command: String
    /// `file:line:column` of the failing command (with its `runFlow` callers).
    public let location: String
    /// One sentence a user can act on.
    public let message: String
    public let expected: String?
    public let actual: String?
    /// The last ``ScenarioFailure/traceTailLength`` trace lines.
    public let traceTail: [String]
    /// The checker that found the device broken (`photo-files`), when a checkup failed the run
    /// rather than a command (docs/explore.md).
    public var checker: String?

    /// How many trace lines a failure keeps.
    public static let traceTailLength = 20

    public init(command: String, location: String, message: String, expected: String?, actual: String?,
                traceTail: [String]) {
        self.command = command
        self.location = location
        self.message = message
        self.expected = expected
        self.actual = actual
        self.traceTail = traceTail
    }
}

/// A `takeScreenshot` request: its name, where it was asked for and what was on screen.
public struct ScreenshotRequest: Hashable, Sendable {
    /// The name of the picture the runner takes of the screen at a failed step, when it
    /// captures images (`--report`).
    public static let failureName = "failure"

    public let name: String
    public let location: String
    /// The top screen's name when it was taken.
    public let screen: String
    /// The elements on screen (their summaries), top to bottom.
    public let elements: [String]
    /// The screen drawn as a PNG, when the runner captures images.
    public let png: Data?

    public init(name: String, location: String, screen: String, elements: [String], png: Data? = nil) {
        self.name = name
        self.location = location
        self.screen = screen
        self.elements = elements
        self.png = png
    }
}

/// An image a run left, for the HTML report: where it is in the app's container and a small JPEG of it.
public struct ReportImage: Hashable, Sendable {
    /// The app path (`Documents/Photo-1.jpg`).
    public let path: String
    /// A thumbnail (Core's ``Core/Thumbnailer``, fitted in 160 points at 2x) as JPEG bytes.
    public let jpeg: Data

    public init(path: String, jpeg: Data) {
        self.path = path
        self.jpeg = jpeg
    }
}
