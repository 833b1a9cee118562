#if canImport(Glibc)
import Glibc
#endif
import ArgumentParsing
import Core
import Foundation
import Live
import Scenarios
import Simulator

/// `simctl run <file|folder>...`: runs scenario files with the live clock, seeds, terminal and
/// a temporary work folder; every decision is ``Scenarios/ScenarioCommandLine``'s. Exits with
/// its status (0 passed, 1 failed, 64 usage, 65 invalid file, 74 output).
enum RunCommand {
    static var command: Command {
        let table = ScenarioCommandLine.syntax
        let syntax = CommandSyntax("run", usage: SimctlSubcommand.run.usage, options: table.options,
                                   positionals: table.positionals)
        return Command(.run, syntax: syntax) { (invocation) throws(SimctlError) in
            let status = run(invocation)
            if status != 0 { exit(status) }
        }
    }

    private static func run(_ invocation: Invocation) -> Int32 {
        let fileSystem = POSIXFileSystem()
        guard let workFolder = makeWorkFolder() else {
            invocation.output.standardError("error: cannot make a temporary folder in \(temporaryRoot) (errno \(errno)); set TMPDIR to a writable folder\n")
            return ScenarioExitCode.output
        }
        let random = SystemRandom()
        let output = invocation.output
        let context = ScenarioCommandContext(
            environment: ProcessInfo.processInfo.environment, standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
            processorCount: ProcessInfo.processInfo.activeProcessorCount, workFolder: workFolder,
            hostNanoseconds: MonotonicClock.nanoseconds, nextSeed: { random.nextUInt64() },
            deviceSet: { () throws -> DeviceSet in try invocation.deviceSet() }, fileSystem: fileSystem,
            standardOutput: { text in (try? output.standardOutput(text)) != nil },
            standardError: { text in Output().standardError(text) })
        let status = ScenarioCommandLine.run(parsed: invocation.arguments, apps: ScenarioRunner.referenceApps, context: context)
        removeUnlessKept(workFolder, fileSystem: fileSystem)
        return status
    }

    private static var temporaryRoot: String {
        let root = ProcessInfo.processInfo.environment["TMPDIR"] ?? ""
        return root.isEmpty ? "/tmp" : root
    }

    /// A new empty folder under `$TMPDIR` (or /tmp), or nil.
    private static func makeWorkFolder() -> String? {
        var template = Array((temporaryRoot.appendingPathComponent("photosim-run-XXXXXX")).utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }

    /// Removes the work folder when nothing is left in it (kept devices stay, with it).
    private static func removeUnlessKept(_ folder: String, fileSystem: FileSystem) {
        guard let names = try? fileSystem.contentsOfDirectory(at: folder), names.isEmpty else { return }
        try? fileSystem.removeItem(at: folder)
    }
}
