import Foundation
import Testing
@testable import Scenarios

/// Maestro's `takeScreenshot` file (Orchestra.kt `takeScreenshotCommand`: `<path>.png`, which
/// `maestro test` writes in its working directory), written into the run's screenshots folder.
@Suite struct ScreenshotFileTests {
    private static let flow = """
        appId: com.photosim.MyLocations
        ---
        - launchApp
        - takeScreenshot: first
        - tapOn: Tag Location
        - takeScreenshot: {path: "screens/${'details'}"}
        """

    @Test func eachTakeScreenshotIsWrittenAsItsPathDotPNG() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.flow)
        let folder = fixture.root + "/shots"
        let runFolder = try ScenarioRunFolder()
        var runner = runFolder.runner
        runner.screenshotsFolder = folder
        let result = runner.run(try fixture.load("flow.yaml"))
        #expect(result.passed, "\(result.failure.map(\.message) ?? "")")
        for name in ["first.png", "screens/details.png"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
        }
        #expect(result.screenshots.map(\.name) == ["first", "screens/details"])
        #expect(result.images.isEmpty)
    }

    @Test func aPathThatLeavesTheFolderFailsItsStepAndWritesNothing() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: com.photosim.MyLocations\n---\n- launchApp\n- takeScreenshot: ../outside\n")
        let folder = fixture.root + "/shots"
        let runFolder = try ScenarioRunFolder()
        var runner = runFolder.runner
        runner.screenshotsFolder = folder
        let result = runner.run(try fixture.load("flow.yaml"))
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:4:3")
        #expect(failure.message == "takeScreenshot's path `../outside` is not a path inside the screenshots folder \(folder); write a "
            + "relative path with no leading `/`, no `..` and no empty part (it is written as <path>.png there)")
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/outside.png"))
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aFolderThatCannotBeWrittenFailsTheStepSayingWhatToDo() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.flow)
        let blocked = try fixture.write("blocked", "a file where the folder would be")
        let runFolder = try ScenarioRunFolder()
        var runner = runFolder.runner
        runner.screenshotsFolder = blocked
        let failure = try #require(runner.run(try fixture.load("flow.yaml")).failure)
        #expect(failure.location == "flow.yaml:4:3")
        #expect(failure.message.hasPrefix("could not write the screenshot \(blocked)/first.png: "), "\(failure.message)")
        #expect(failure.message.hasSuffix("; give `--screenshots` a folder that can be written"), "\(failure.message)")
    }

    @Test func withoutAFolderNothingIsWritten() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.flow)
        let result = try ScenarioRunFolder().runner.run(try fixture.load("flow.yaml"))
        #expect(result.passed)
        #expect(result.screenshots.allSatisfy { $0.png == nil })
    }
}
