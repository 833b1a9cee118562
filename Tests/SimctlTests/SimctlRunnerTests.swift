import Foundation
import Testing

/// The runner every end-to-end test goes through: it reports what a child printed and how it
/// ended, and a child that hangs fails its test instead of stalling the run.
@Suite("simctl test runner")
struct SimctlRunnerTests {
    @Test func aHungCommandIsKilledAndNamedWithWhatItPrinted() throws {
        let script = "echo started; echo warming up >&2; exec /bin/sleep 30"
        do {
            let result = try SimctlRunner.execute("/bin/sh", ["-c", script], timeout: .milliseconds(500))
            Issue.record("a command sleeping 30 s came back from a 0.5 s timeout: \(result)")
        } catch let error as SimctlRunner.RunnerError {
            guard case .timedOut(let commandLine, let timeout, let printed) = error else {
                Issue.record("expected a timeout, got \(error)")
                return
            }
            #expect(commandLine == "/bin/sh -c 'echo started; echo warming up >&2; exec /bin/sleep 30'")
            #expect(timeout == .milliseconds(500))
            #expect(printed.standardOutput == "started\n" && printed.standardError == "warming up\n", "\(printed)")
            #expect(error.description.hasPrefix("\(commandLine) was still running after 0.5 seconds; "
                + "its process group was killed with SIGKILL.\nstdout so far: started\n"), "\(error)")
        }
    }

    @Test func theWholeProcessGroupIsKilled() throws {
        let script = "/bin/sleep 30 & echo $!; wait"
        let error = #expect(throws: SimctlRunner.RunnerError.self) {
            try SimctlRunner.execute("/bin/sh", ["-c", script], timeout: .milliseconds(500))
        }
        guard case .timedOut(_, _, let printed)? = error, let sleeper = Int32(printed.standardOutput.trimmingCharacters(in: .newlines)) else {
            Issue.record("expected a timeout with the background sleep's pid, got \(String(describing: error))")
            return
        }
        #expect(Self.hasEnded(sleeper), "the background sleep (pid \(sleeper)) outlived its killed process group")
    }

    /// How runs that end by themselves are reported.
    static let endings: [(script: String, exitCode: Int32, signal: Int32?, standardOutput: String, standardError: String)] = [
        ("echo out; echo err >&2", 0, nil, "out\n", "err\n"),
        ("printf 'no newline'; exit 3", 3, nil, "no newline", ""),
        ("echo before; kill -TERM $$", SIGTERM, SIGTERM, "before\n", ""),
        ("exec 1>&- 2>&-; exit 0", 0, nil, "", ""),
    ]

    @Test(arguments: endings)
    func aRunThatEndsIsReportedAsItEnded(_ ending: (script: String, exitCode: Int32, signal: Int32?, standardOutput: String, standardError: String)) throws {
        let result = try SimctlRunner.execute("/bin/sh", ["-c", ending.script])
        #expect(result.exitCode == ending.exitCode && result.signal == ending.signal, "\(ending.script)\n\(result)")
        #expect(result.standardOutput == ending.standardOutput && result.standardError == ending.standardError, "\(result)")
    }

    @Test func bothStreamsAreReadTogetherSoNeitherPipeFillsUp() throws {
        let script = "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2; head -c 300000 /dev/zero"
        let result = try SimctlRunner.execute("/bin/sh", ["-c", script])
        #expect(result.exitCode == 0 && result.standardOutput.utf8.count == 600_000 && result.standardError.utf8.count == 300_000)
    }

    @Test func theEnvironmentAndAnOutputFileAreTheChildsOwn() throws {
        let listed = try SimctlRunner.execute("/usr/bin/env", [], environment: ["ONLY": "this one"])
        #expect(listed.standardOutput == "ONLY=this one\n", "\(listed)")
        let folder = try SimctlRunner()
        let file = folder.folder + "/out.txt"
        try folder.fileSystem.writeAtomically(Data(), to: file)
        let written = try SimctlRunner.execute("/bin/sh", ["-c", "echo to the file; echo to stderr >&2"], standardOutputPath: file)
        #expect(written.standardOutput.isEmpty && written.standardError == "to stderr\n", "\(written)")
        #expect(try folder.fileSystem.contents(of: file) == Data("to the file\n".utf8))
    }

    /// Whether a process has died (gone, or a zombie waiting for its new parent), allowing the
    /// kernel up to 10 s to deliver the SIGKILL.
    static func hasEnded(_ pid: Int32) -> Bool {
        for _ in 0..<1_000 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let afterName = stat.range(of: ") ") else { return true }
            if ["Z", "X"].contains(stat[afterName.upperBound...].prefix(1)) { return true }
            usleep(10_000)
        }
        return false
    }
}
