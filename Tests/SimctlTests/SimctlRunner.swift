import Core
import Foundation
import PhotoSimTesting

/// Runs the built `simctl` (and `xcrun`) binaries against a temporary device set.
///
/// The binaries are found next to the test bundle (`.build/<triple>/debug/`), where
/// `swift build` / `swift test` put every product of the package.
final class SimctlRunner {
    /// What one run printed and how it ended.
    struct Result: CustomStringConvertible {
        let standardOutput: String
        let standardError: String
        /// The exit status, or the signal's number when a signal ended the run.
        let exitCode: Int32
        /// The signal that ended the run, if one did.
        let signal: Int32?
        /// The run's peak resident memory, 0 when unknown.
        var peakResidentBytes = 0

        init(standardOutput: Data, standardError: Data, ending: ChildProcess.Ending) {
            self.standardOutput = String(decoding: standardOutput, as: UTF8.self)
            self.standardError = String(decoding: standardError, as: UTF8.self)
            switch ending {
            case .exited(let status): (exitCode, signal) = (status, nil)
            case .signalled(let number): (exitCode, signal) = (number, number)
            case .timedOut: (exitCode, signal) = (SIGKILL, SIGKILL)
            }
        }

        var description: String {
            let ending = signal.map { "killed by signal \($0)" } ?? "exit \(exitCode)"
            return "\(ending)\nstdout: \(standardOutput)\nstderr: \(standardError)"
        }
    }

    /// How long one run may take before it is killed and its test fails: far more than any
    /// command needs, far less than a CI job's limit.
    static let defaultTimeout: Duration = .seconds(60)

    private let temporaryFolder: TemporaryFolder
    let setPath: String
    let fileSystem = POSIXFileSystem()

    init() throws {
        temporaryFolder = try TemporaryFolder(prefix: "SimctlTests.")
        setPath = temporaryFolder.appending("Devices")
    }

    /// The runner's folder (`$TMPDIR/SimctlTests.XXXXXX`), removed with the runner (without an
    /// `fsync` per file: see `TemporaryFolder`).
    var folder: String { temporaryFolder.path }

    /// The folder holding the built products; `PHOTOSIM_PRODUCTS_FOLDER` points the tests at
    /// another build (say, one linked with `--static-swift-stdlib`).
    static var productsFolder: String {
        if let folder = ProcessInfo.processInfo.environment["PHOTOSIM_PRODUCTS_FOLDER"], !folder.isEmpty { return folder }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let candidate = executable.deletingLastPathComponent
        if FileManager.default.isExecutableFile(atPath: candidate.appendingPathComponent("simctl")) { return candidate }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return packageRoot.appendingPathComponent(".build/debug")
    }

    static var simctlPath: String { productsFolder.appendingPathComponent("simctl") }

    /// Runs `simctl --set <set> <arguments>`; throws ``RunnerError/timedOut(commandLine:timeout:printedSoFar:)``
    /// when it is still running after `timeout`.
    func run(_ arguments: [String], timeout: Duration = SimctlRunner.defaultTimeout) throws -> Result {
        try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", setPath] + arguments, timeout: timeout)
    }

    /// Starts `simctl --set <set> <arguments>` without waiting; output is discarded.
    /// Waits for a process from ``start(_:)`` to end; one still running after `timeout` is killed
    /// with SIGKILL and the wait throws, so a hung child fails its test instead of stalling CI.
    static func waitForExit(_ process: Process, timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2_000) }
        guard process.isRunning else { return process.waitUntilExit() }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw RunnerError.timedOut(commandLine: ([process.executableURL?.path ?? "?"] + (process.arguments ?? [])).joined(separator: " "),
                                   timeout: .milliseconds(Int64(timeout * 1_000)),
                                   printedSoFar: Result(standardOutput: Data(), standardError: Data(), ending: .timedOut))
    }

    /// Starts an executable without waiting, both of its streams written to the file at `path`.
    static func startWritingOutput(_ executable: String, _ arguments: [String], to path: String) throws -> Process {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw RunnerError.failed("cannot create \(path) for the output of \(executable)")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return process
    }

    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SimctlRunner.simctlPath)
        process.arguments = ["--set", setPath] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs an executable to the end, capturing both streams (standard output goes to
    /// `standardOutputPath` instead when given, and is then reported empty).
    ///
    /// A run still going after `timeout` has its whole process group killed with SIGKILL, and
    /// ``RunnerError/timedOut(commandLine:timeout:printedSoFar:)`` is thrown, so that a hung
    /// command fails its test with what it printed instead of stalling the whole run.
    static func execute(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                        standardOutputPath: String? = nil, timeout: Duration = defaultTimeout) throws -> Result {
        let child = ChildProcess(executable: executable, arguments: arguments, environment: environment,
                                 standardOutputPath: standardOutputPath)
        let outcome = try child.run(timeout: timeout)
        var result = Result(standardOutput: outcome.standardOutput, standardError: outcome.standardError, ending: outcome.ending)
        result.peakResidentBytes = outcome.peakResidentBytes
        if outcome.ending == .timedOut {
            throw RunnerError.timedOut(commandLine: child.commandLine, timeout: timeout, printedSoFar: result)
        }
        return result
    }

    /// A real JPEG in the test folder; returns its path.
    func writeJPEG(named name: String, width: Int = 16, height: Int = 12, shade: UInt8 = 100) throws -> String {
        let pixels = [UInt8](repeating: shade, count: width * height * 3)
        let data = try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 80)
        let path = folder.appendingPathComponent(name)
        try fileSystem.writeAtomically(data, to: path)
        return path
    }

    /// A text file in the test folder; returns its path.
    func writeText(named name: String) throws -> String {
        let path = folder.appendingPathComponent(name)
        try fileSystem.writeAtomically(Data("not a photo\n".utf8), to: path)
        return path
    }

    /// Creates a device through the binary and returns its UDID.
    func createDevice(_ name: String, type: String = "iPhone 15") throws -> String {
        let result = try run(["create", name, type])
        guard result.exitCode == 0 else { throw RunnerError.failed(result.description) }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The device's photos, read through `simctl media list --json`.
    func mediaAssets(_ device: String) throws -> [[String: Any]] {
        let result = try run(["media", "list", device, "--json"])
        guard result.exitCode == 0,
              let assets = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]] else {
            throw RunnerError.failed(result.description)
        }
        return assets
    }

    /// Why a run gave no usable result.
    enum RunnerError: Error, CustomStringConvertible {
        /// A command the test needed failed; its result.
        case failed(String)
        /// The command was still running at the timeout and was killed.
        case timedOut(commandLine: String, timeout: Duration, printedSoFar: Result)

        var description: String {
            switch self {
            case .failed(let result):
                return result
            case .timedOut(let commandLine, let timeout, let printed):
                return "\(commandLine) was still running after \(timeout); its process group was killed with SIGKILL.\n"
                    + "stdout so far: \(printed.standardOutput)\nstderr so far: \(printed.standardError)"
            }
        }
    }
}
