import Foundation
import Testing

/// `simctl --version` prints PhotoSim's version, which the README states too.
@Suite struct SimctlVersionTests {
    @Test func versionPrintsTheVersionTheReadmeStates() throws {
        let run = try SimctlRunner.execute(SimctlRunner.simctlPath, ["--version"])
        #expect(run.exitCode == 0 && run.standardError.isEmpty, "\(run)")
        let printed = try #require(run.standardOutput.wholeMatch(of: /simctl \(PhotoSim\) (\d+\.\d+\.\d+)\n/), "\(run)").1
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let statement = readme.firstMatch(of: /PhotoSim (\d+\.\d+\.\d+) \(`simctl --version`\)/)
        let stated = try #require(statement?.1, "the README states no version as \"PhotoSim X.Y.Z (`simctl --version`)\"")
        #expect(printed == stated)
    }

    /// After the global options too, as `--help` is.
    @Test func versionComesAfterTheGlobalOptions() throws {
        let runner = try SimctlRunner()
        let run = try runner.run(["--version"])
        #expect(run.exitCode == 0 && run.standardOutput.hasPrefix("simctl (PhotoSim) "), "\(run)")
    }
}
