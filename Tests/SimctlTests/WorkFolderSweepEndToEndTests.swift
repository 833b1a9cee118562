import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The work folders `simctl run` makes in `$TMPDIR` (`photosim-run-<pid>-XXXXXX`, locked while
/// the run lives): a killed run's folder is swept by the next run; a live run's folder, or one
/// that is not provably stale, never is.
@Suite("simctl run end to end: work folders of killed runs")
struct WorkFolderSweepEndToEndTests {
    /// A run that goes on far longer than any test waits: 100,000 commands, repeated.
    static let endless = """
        appId: com.photosim.MyLocations
        ---
        - launchApp
        - repeat:
            times: 10000
            commands: [simulateMemoryWarning, simulateMemoryWarning, simulateMemoryWarning, simulateMemoryWarning,
                       simulateMemoryWarning, simulateMemoryWarning, simulateMemoryWarning, simulateMemoryWarning,
                       simulateMemoryWarning]

        """

    static func workFolders(in root: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.hasPrefix("photosim-run-") }.sorted()
    }

    /// `simctl run` with `TMPDIR` set to `root`.
    static func run(_ runner: SimctlRunner, _ arguments: [String], temporaryRoot root: String) throws -> SimctlRunner.Result {
        try RunCommandEndToEndTests.run(runner, arguments, environment: ["TMPDIR": root])
    }

    @Test("the folder of a run killed with SIGKILL is removed by the next run")
    func aKilledRunsFolderIsSweptByTheNextRun() throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, ["ok.yaml": RunCommandEndToEndTests.passing,
                                                                "long/endless.yaml": Self.endless])
        let root = runner.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SimctlRunner.simctlPath)
        process.arguments = ["--set", runner.setPath, "run", folder + "/long/endless.yaml", "--repeat", "10000"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": root]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once its first device is being made in its work folder, well into the run.
        let deadline = Date().addingTimeInterval(30)
        var left: [String] = []
        while Date() < deadline {
            left = try Self.workFolders(in: root)
            let inside = try left.first.map { try FileManager.default.contentsOfDirectory(atPath: root + "/" + $0) } ?? []
            if inside.contains(where: { $0.hasPrefix("run-") }) { break }
            usleep(10_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try #require(left.count == 1, "\(left)")
        try #require(try Self.workFolders(in: root) == left, "the killed run left its folder")
        #expect(left[0].hasPrefix("photosim-run-\(process.processIdentifier)-"), "named after the run's process")

        let next = try Self.run(runner, [folder + "/ok.yaml"], temporaryRoot: root)
        #expect(next.exitCode == 0, "\(next)")
        #expect(try Self.workFolders(in: root).isEmpty, "the killed run's folder and the next run's own are gone")
    }

    @Test("a folder whose lock is held, or that has no lock, or is a link, is never swept; an unlocked one is")
    func onlyProvablyStaleFoldersAreSwept() throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, ["ok.yaml": RunCommandEndToEndTests.passing])
        let root = runner.folder.appendingPathComponent("tmp")
        let disk = FileManager.default
        func workFolder(_ name: String, locked: Bool?) throws -> String {
            let path = root + "/" + name
            try disk.createDirectory(atPath: path + "/run-0-7", withIntermediateDirectories: true)
            if locked != nil { try Data().write(to: URL(fileURLWithPath: path + "/.photosim-run.lock")) }
            return path
        }
        // A live run whose pid is not one this system has (reused, or another pid namespace):
        // only its lock says it lives, and this test holds it.
        let live = try workFolder("photosim-run-999999999-LiveAA", locked: true)
        let held = open(live + "/.photosim-run.lock", O_RDONLY | O_CLOEXEC)
        try #require(held >= 0 && flock(held, LOCK_EX | LOCK_NB) == 0)
        defer { close(held) }
        let kept = try workFolder("photosim-run-999999998-KeptAA", locked: nil)
        let older = try workFolder("photosim-run-Old123", locked: nil)
        let elsewhere = try workFolder("elsewhere", locked: false)
        try disk.createSymbolicLink(atPath: root + "/photosim-run-999999997-LinkAA", withDestinationPath: elsewhere)
        let stale = try workFolder("photosim-run-999999996-DeadAA", locked: false)
        let notOurs = try workFolder("photosim-run-notes", locked: false)

        let result = try Self.run(runner, [folder + "/ok.yaml"], temporaryRoot: root)
        #expect(result.exitCode == 0, "\(result)")
        for path in [live, kept, older, elsewhere + "/.photosim-run.lock", root + "/photosim-run-999999997-LinkAA", notOurs] {
            #expect(disk.fileExists(atPath: path), "\(path) was removed")
        }
        #expect(!disk.fileExists(atPath: stale), "the unlocked folder is stale")
        #expect(try Self.workFolders(in: root) == ["photosim-run-999999997-LinkAA", "photosim-run-999999998-KeptAA",
                                                   "photosim-run-999999999-LiveAA", "photosim-run-Old123", "photosim-run-notes"])
    }
}
