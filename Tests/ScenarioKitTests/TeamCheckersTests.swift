import Foundation
import Platform
import ScenarioKit
import Scenarios
import Testing

/// A team's own app is judged by the platform's checkers and its own, never by another app's:
/// an app that names its files `Documents/Photo-<n>.jpg` has no MyLocations store to agree with.
@Suite struct TeamCheckersTests {
    static let snapping = """
        appId: com.example.Snaps
        ---
        - launchApp
        - tapOn: Snap
        - tapOn: Snap
        - assertVisible: "Photos: 2"
        - killApp
        - launchApp
        - assertFile: {path: Documents/Photo-2.jpg}

        """

    func run(_ arguments: [String], in folder: KitFolder, checkers: [AppChecker] = []) -> (Int32, CapturedOutput) {
        let output = CapturedOutput()
        let code = ScenarioMain.run(apps: [SnapsApp.definition], checkers: checkers, arguments: ["snaps-scenarios"] + arguments,
                                    output: output.output, workFolder: folder.work)
        return (code, output)
    }

    @Test func anAppWithPhotoFilesButNoLocationStorePassesEveryStandardChecker() throws {
        let folder = try KitFolder()
        let file = try folder.write("snap.yaml", Self.snapping)
        let (code, output) = run([file], in: folder)
        #expect(code == ScenarioMain.successExitCode, "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("Locations.sqlite"))
    }

    @Test func theAppsOwnCheckerCatchesItsPlantedBug() throws {
        let folder = try KitFolder()
        let file = try folder.write("forget.yaml", Self.snapping.replacingOccurrences(
            of: "- launchApp\n- tapOn", with: "- launchApp: {arguments: {forgetIndex: true}}\n- tapOn"))
        let (code, output) = run([file], in: folder)
        #expect(code == ScenarioMain.failureExitCode)
        #expect(output.standardOutput.contains("forget.yaml:8:3 launchApp\n     checker photos-indexed failed after this launch: "
            + "Documents/Photo-1.jpg is not listed in Documents/index.txt; Documents/Photo-2.jpg is not listed"), "\(output.standardOutput)")
        let skipped = try folder.write("skipped.yaml", "appId: com.example.Snaps\nskipCheckers: [photos-indexed]\n"
            + Self.snapping.dropFirst("appId: com.example.Snaps\n".count).replacingOccurrences(
                of: "- launchApp\n- tapOn", with: "- launchApp: {arguments: {forgetIndex: true}}\n- tapOn"))
        #expect(run([skipped], in: folder).0 == ScenarioMain.successExitCode, "a regression keeping the bug names the checker")
    }

    @Test func aRunnerAddsCheckersToEveryApp() throws {
        let folder = try KitFolder()
        let file = try folder.write("snap.yaml", Self.snapping)
        let atMostOne = AppChecker(name: "one-photo", summary: "at most one photo") { context in
            context.names(in: context.containerPath + "/Documents").filter { $0.hasPrefix("Photo-") }.count > 1 ? ["two photos"] : []
        }
        let (code, output) = run([file], in: folder, checkers: [atMostOne])
        #expect(code == ScenarioMain.failureExitCode)
        #expect(output.standardOutput.contains("checker one-photo failed"), "\(output.standardOutput)")
        #expect(run(["--skip-checkers", "one-photo", file], in: folder, checkers: [atMostOne]).0 == ScenarioMain.successExitCode)
        #expect(run(["--checkers", "leaks,media-library", file], in: folder, checkers: [atMostOne]).0 == ScenarioMain.successExitCode)
    }

    @Test func listingNamesThePlatformsTheAddedAndEachAppsCheckers() throws {
        let folder = try KitFolder()
        let added = AppChecker(name: "team-rule", summary: "a rule of the team's") { _ in [] }
        let (code, output) = run(["--list-checkers"], in: folder, checkers: [added])
        #expect(code == ScenarioMain.successExitCode)
        let text = output.standardOutput
        #expect(text.hasPrefix("Every app:\n  store-integrity "), "\(text)")
        for name in ["media-library", "caches", "leaks"] { #expect(text.contains("\n  \(name) "), "\(name)") }
        #expect(text.contains("Every app, added by this runner:\n  team-rule "), "\(text)")
        #expect(text.contains("com.example.Snaps:\n  photos-indexed "), "\(text)")
        #expect(!text.contains("photo-files"), "MyLocations' checkers belong to MyLocations")
    }

    @Test func anUnknownCheckerNameIsRefusedWithTheKnownOnes() throws {
        let folder = try KitFolder()
        let file = try folder.write("typo.yaml", "appId: com.example.Snaps\nskipCheckers: [photos-indexd]\n---\n- launchApp\n")
        let (loadCode, loadOutput) = run([file], in: folder)
        #expect(loadCode == ScenarioMain.invalidScenarioExitCode)
        #expect(loadOutput.standardError.contains("typo.yaml:2:15: `skipCheckers`: no checker of com.example.Snaps is called "
            + "`photos-indexd`; did you mean `photos-indexed`? (known: photos-indexed, store-integrity"), "\(loadOutput.standardError)")
        let (usageCode, usageOutput) = run(["--checkers", "photo-files", file], in: folder)
        #expect(usageCode == ScenarioMain.usageExitCode)
        #expect(usageOutput.standardError.contains("no app has a checker called `photo-files`"), "\(usageOutput.standardError)")
    }
}
