import Core
import Foundation

/// Runs the built `simctl` (and `xcrun`) binaries against a temporary device set.
///
/// The binaries are found next to the test bundle (`.build/<triple>/debug/`), where
/// `swift build` / `swift test` put every product of the package.
final class SimctlRunner {
    /// What one run printed and how it ended.
    struct Result: CustomStringConvertible {
        let standardOutput: String
        let standardError: String
        let exitCode: Int32

        var description: String { "exit \(exitCode)\nstdout: \(standardOutput)\nstderr: \(standardError)" }
    }

    let folder: String
    let setPath: String
    let fileSystem = POSIXFileSystem()

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/SimctlTests.XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileSystemError.from(errno: errno, operation: "mkdtemp", path: NSTemporaryDirectory())
        }
        folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        setPath = folder.appendingPathComponent("Devices")
    }

    deinit {
        try? fileSystem.removeItem(at: folder)
    }

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

    /// Runs `simctl --set <set> <arguments>`.
    func run(_ arguments: [String]) throws -> Result {
        try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", setPath] + arguments)
    }

    /// Starts `simctl --set <set> <arguments>` without waiting; output is discarded.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SimctlRunner.simctlPath)
        process.arguments = ["--set", setPath] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs an executable to the end, capturing both streams.
    static func execute(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let errorData = ThreadSafeData()
        let errorReader = Thread { errorData.value = error.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { usleep(1_000) }
        return Result(standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData.value, as: UTF8.self),
                      exitCode: process.terminationStatus)
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

    enum RunnerError: Error { case failed(String) }
}

/// Data written by one thread and read by another once `isSet`.
final class ThreadSafeData: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = Data()
    private var done = false

    var value: Data {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue; done = true } }
    }

    var isSet: Bool { lock.withLock { done } }
}
