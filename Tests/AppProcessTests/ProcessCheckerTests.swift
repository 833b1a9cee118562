import Core
import Foundation
import Platform
import Scenarios
import Testing

/// The checkers (docs/explore.md) on an app in its own process: after every `launchApp` and at
/// the end, read from the app's container and the device's library between steps, as on the app
/// host; the leak check from the controllers UIKit saw outlive their screens.
@Suite struct ProcessCheckerTests {
    private static func run(_ text: String, in fixture: JournalFixture, apps: [AppDefinition] = [],
                            checkers: CheckerSelection = .all) throws -> ScenarioResult {
        var runner = ScenarioRunner(apps: apps, workFolder: fixture.folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [fixture.bundle]
        runner.checkers = checkers
        let yaml = fixture.folder.appending("checked.yaml")
        try text.write(toFile: yaml, atomically: true, encoding: .utf8)
        let loader = ScenarioLoader(checkers: CheckerCatalogue(apps: apps, added: checkers.added))
        return runner.run(try #require(try ScenarioSuite.load(path: yaml, loader: loader).scenarios.first))
    }

    /// A team's rule reads the process's container by container-relative paths, and knows
    /// whether the app runs.
    @Test func aTeamsOwnRuleRunsOnItsAppProcessAtTheEnd() throws {
        let entryFiles = AppChecker(name: "entry-files", summary: "no entry files (a rule made to fail)") { context in
            let documents = context.containerPath.appendingPathComponent("Documents")
            return context.names(in: documents).filter { $0.hasPrefix("Entry-") }.map { name in
                "\(context.relative(documents.appendingPathComponent(name))) (app running: \(context.isAppRunning))"
            }
        }
        let scenario = """
        appId: com.example.journal
        ---
        - launchApp
        - tapOn: {id: entryField}
        - inputText: Beach
        - tapOn: Add
        - killApp
        """
        let fixture = try JournalFixture()
        let result = try Self.run(scenario, in: fixture, checkers: CheckerSelection(added: [entryFiles]))
        let failure = try #require(result.failure)
        #expect(failure.command == "check entry-files")
        #expect(failure.checker == "entry-files")
        #expect(failure.message == "checker entry-files failed at the end of the scenario: Documents/Entry-1.txt (app running: false)",
                "\(failure.message)")
        #expect(result.commands.allSatisfy { $0.status == .passed })

        let skipped = try Self.run("appId: com.example.journal\nskipCheckers: [entry-files]\n" + scenario.split(separator: "\n", maxSplits: 1)[1],
                                   in: try JournalFixture(), checkers: CheckerSelection(added: [entryFiles]))
        #expect(skipped.passed, "\(skipped.failure.map(\.message) ?? "")")
    }

    /// An app process of the identifier of an in-process app is held to that app's own rules
    /// (the reference apps' UIKit ports keep their checkers), right after its launch.
    @Test func anAppProcessKeepsTheRulesOfTheInProcessAppItReplaces() throws {
        let named = AppChecker(name: "named", summary: "fails naming the app checked") { context in
            ["checked \(context.bundleIdentifier)"]
        }
        struct NeverLaunched: Error {}
        let definition = AppDefinition(bundleIdentifier: BundleIdentifier(rawValue: "com.example.journal")!, displayName: "Journal",
                                       checkers: [named]) { _ in throw NeverLaunched() }
        let result = try Self.run("appId: com.example.journal\n---\n- launchApp\n- assertVisible: 0 entries\n",
                                  in: try JournalFixture(), apps: [definition])
        let failure = try #require(result.failure)
        #expect(failure.location.hasSuffix(":3:3"), "\(failure.location)")
        #expect(failure.message == "checker named failed after this launch: checked com.example.journal", "\(failure.message)")
        #expect(result.commands.map(\.status) == [.failed, .skipped])
    }

    /// A controller still alive after it left the screen fails the run at its end, by its type,
    /// unless the scenario asserts the leak or skips the check.
    @Test func aControllerThatOutlivesItsScreenFailsTheLeakCheck() throws {
        let scenario = """
        appId: com.example.journal
        ---
        - launchApp: {arguments: {LeakyDetails: "YES"}}
        - tapOn: Details
        - navigateBack
        """
        let result = try Self.run(scenario, in: try JournalFixture())
        let failure = try #require(result.failure)
        #expect(failure.checker == "leaks")
        #expect(failure.message.hasPrefix("checker leaks failed at the end of the scenario: DetailViewController is alive after it left the screen in step "),
                "\(failure.message)")
        let asserted = try Self.run(scenario + "\n- assertLeak: DetailViewController\n", in: try JournalFixture())
        #expect(asserted.passed, "\(asserted.failure.map(\.message) ?? "")")
        let withoutLeak = try Self.run(scenario.replacingOccurrences(of: "YES", with: "NO"), in: try JournalFixture())
        #expect(withoutLeak.passed, "\(withoutLeak.failure.map(\.message) ?? "")")

        // The leak happened, though the process that had it is gone.
        let killed = try Self.run(scenario + "\n- killApp\n", in: try JournalFixture())
        #expect(killed.failure?.checker == "leaks", "\(String(describing: killed.failure))")
        let relaunched = try Self.run(scenario + "\n- launchApp\n", in: try JournalFixture())
        #expect(relaunched.failure?.message.hasPrefix("checker leaks failed after this launch: DetailViewController is alive") == true,
                "\(String(describing: relaunched.failure))")
    }

    /// A file whose removal an injected fault failed in the app process is the checkers'
    /// `failedRemovals`, as on the app host, until the next process.
    @Test func aRemovalAFaultFailedIsKnownToTheCheckersUntilTheNextLaunch() throws {
        let removals = AppChecker(name: "failed-removals", summary: "names the removals a fault failed") { context in
            context.failedRemovals.sorted().map { "\($0) (running: \(context.isAppRunning))" }
        }
        // Foundation's atomic write removes its temporary file when the rename fails.
        let scenario = """
        appId: com.example.journal
        skipCheckers: [failed-removals]
        ---
        - launchApp
        - injectFault: {kind: ioError, on: rename, path: "Documents/*"}
        - injectFault: {kind: ioError, on: remove, path: "Documents/*"}
        - tapOn: Add
        - assertVisible: "not saved: NSCocoaErrorDomain 512"
        - assertTrace: "fault ioError on remove Documents/"
        """
        let checkers = CheckerSelection(only: ["failed-removals"], added: [removals])
        let skipped = try Self.run(scenario, in: try JournalFixture(), checkers: checkers)
        #expect(skipped.passed, "\(skipped.failure.map(\.message) ?? "")")
        let checked = scenario.replacingOccurrences(of: "skipCheckers: [failed-removals]\n", with: "")
        let result = try Self.run(checked, in: try JournalFixture(), checkers: checkers)
        let failure = try #require(result.failure)
        #expect(failure.message.hasPrefix("checker failed-removals failed at the end of the scenario: Documents/.dat.nosync"),
                "\(failure.message)")
        #expect(failure.message.hasSuffix("(running: true)"), "\(failure.message)")
        let relaunched = try Self.run(checked + "\n- launchApp: {stopApp: true}\n", in: try JournalFixture(), checkers: checkers)
        #expect(relaunched.passed, "a new process starts with none: \(relaunched.failure.map(\.message) ?? "")")
    }

    /// A store in the container that SQLite cannot read fails `store-integrity` after the launch.
    @Test func aDamagedStoreInTheContainerFailsStoreIntegrity() throws {
        let fixture = try JournalFixture()
        let library = fixture.folder.appending("fixtures/damaged/Library")
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: library + "/Notes.sqlite"))
        let result = try Self.run("appId: com.example.journal\ncontainer: fixtures/damaged\n---\n- launchApp\n", in: fixture)
        let failure = try #require(result.failure)
        #expect(failure.checker == "store-integrity")
        #expect(failure.message.hasPrefix("checker store-integrity failed after this launch: Library/Notes.sqlite cannot be read: "),
                "\(failure.message)")
        let unchecked = try Self.run("appId: com.example.journal\ncontainer: fixtures/damaged\n---\n- launchApp\n", in: fixture,
                                     checkers: CheckerSelection(skipped: ["store-integrity"]))
        #expect(unchecked.passed, "\(unchecked.failure.map(\.message) ?? "")")
    }
}
