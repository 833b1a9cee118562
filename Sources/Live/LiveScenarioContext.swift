#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation
import Scenarios
import Simulator

/// The live seams of a scenario command line (`simctl run`, or a team's own executable running
/// ``Scenarios/ScenarioCommandLine``): the process environment, whether standard error is a
/// terminal, the cores, a fresh work folder under `$TMPDIR`, the monotonic clock, the system
/// random generator for new seeds, and whole writes to the standard streams.
///
/// The work folder is a ``WorkFolder`` (`photosim-run-<pid>-XXXXXX`, locked while the process
/// lives); before making it, the folders killed runs left are swept (``StaleWorkFolders``).
public enum LiveScenarioContext {
    /// A context on a new work folder, after sweeping stale ones; nil (with `errno` set) when
    /// the folder cannot be made. Call ``removeWorkFolder(_:)`` afterwards.
    public static func make(deviceSet: @escaping () throws -> DeviceSet) -> ScenarioCommandContext? {
        StaleWorkFolders.sweep(in: temporaryRoot)
        guard let workFolder = WorkFolder.make(in: temporaryRoot) else { return nil }
        let random = SystemRandom()
        var context = ScenarioCommandContext(
            environment: ProcessInfo.processInfo.environment, standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
            processorCount: ProcessInfo.processInfo.activeProcessorCount, workFolder: workFolder.path,
            hostNanoseconds: MonotonicClock.nanoseconds, nextSeed: { random.nextUInt64() }, deviceSet: deviceSet,
            fileSystem: POSIXFileSystem(), standardOutput: { writeWhole($0, to: STDOUT_FILENO) },
            standardError: { _ = writeWhole($0, to: STDERR_FILENO) })
        context.workFolderOwner = workFolder
        let environment = ProcessInfo.processInfo.environment
        context.screenshotsFolder = environment["TEST_UNDECLARED_OUTPUTS_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            ?? FileManager.default.currentDirectoryPath
        return context
    }

    /// Where work folders are made: `$TMPDIR`, else /tmp (``Core/POSIXFileSystem/temporaryRoot(environment:)``).
    public static var temporaryRoot: String {
        POSIXFileSystem.temporaryRoot(environment: ProcessInfo.processInfo.environment)
    }

    /// Removes the work folder when nothing is left in it; a folder holding devices kept with
    /// `--keep` stays, no longer marked as a work folder, so no sweep removes it.
    public static func removeWorkFolder(_ context: ScenarioCommandContext) {
        if let owner = context.workFolderOwner as? WorkFolder, owner.path == context.workFolder { return owner.release() }
        guard let names = try? context.fileSystem.contentsOfDirectory(at: context.workFolder), names.isEmpty else { return }
        try? context.fileSystem.removeItem(at: context.workFolder)
    }

    /// Writes every byte of `text`; false when a write fails.
    private static func writeWhole(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in write(descriptor, buffer.baseAddress! + written, buffer.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            written += count
        }
        return true
    }
}
