import Foundation
import PhotoSimTesting
import Testing

/// `simctl run SUITE --app X.app`: scenarios on an app built against UIKit, in its own process.
@Suite struct RunAppProcessEndToEndTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Apps/JournalScenarios").path

    /// `Journal.app` in the runner's folder, from the built Journal executable.
    static func journalBundle(in runner: SimctlRunner) throws -> String {
        try AppBundleMaker.make(at: runner.folder + "/Journal.app", executable: SimctlRunner.productsFolder + "/Journal",
                                bundleIdentifier: "com.example.journal", urlSchemes: ["journal"])
    }

    @Test func theJournalSuiteRunsOnItsAppProcess() throws {
        let runner = try SimctlRunner()
        let app = try Self.journalBundle(in: runner)
        // Twice each, as --check-determinism runs them: two processes of the app give one trace.
        let result = try runner.run(["run", Self.suite, "--app", app, "--junit", runner.folder + "/junit.xml",
                                     "--check-determinism"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.standardOutput.contains("45 scenarios: 45 passed, 0 failed"), "\(result)")
        let junit = try String(contentsOfFile: runner.folder + "/junit.xml", encoding: .utf8)
        #expect(junit.contains("tests=\"45\""), "\(junit)")
    }

    @Test func aBadAppBundleIsAUsageError() throws {
        let runner = try SimctlRunner()
        let result = try runner.run(["run", Self.suite, "--app", runner.folder + "/Missing.app"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError.contains("--app \(runner.folder)/Missing.app:"), "\(result)")
    }

    @Test func anAppWithoutItsBundleIsNotKnown() throws {
        let runner = try SimctlRunner()
        let result = try runner.run(["run", Self.suite + "/add-entry.yaml"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardOutput.contains("no app com.example.journal is known to the runner"), "\(result)")
    }
}
