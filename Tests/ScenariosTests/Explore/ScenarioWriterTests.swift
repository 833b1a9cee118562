import Foundation
@testable import Scenarios
import Simulator
import Testing

@Suite("Explore: the scenario writer's text reads back as the same commands")
struct ScenarioWriterTests {
    static let media = SuiteFilePath(path: "", relativePath: "media/explore-1.jpg")

    @Test(arguments: [
        ScenarioCommand.launchApp(LaunchOptions(arguments: [LaunchArgument(name: "strongObserver", value: "true")])),
        .launchApp(LaunchOptions(stopApp: false)), .killApp(appId: nil), .back, .cancelPicker, .simulateMemoryWarning,
        .tapOn(ElementSelector(text: "Tag Location")), .tapOn(ElementSelector(id: "photo", index: 1)),
        .tapOn(ElementSelector(text: "a \"quoted\" \\ label: [7], café #1")), .tapOn(ElementSelector(text: "42")),
        .inputText("Old Town"), .inputText("true"), .eraseText(characters: 3), .pressKey(.home),
        .swipe(from: ElementSelector(text: "(No Description)", index: 2), direction: .left),
        .advanceClock(ScenarioDuration(milliseconds: 86_400_000)), .pickPhoto(.index(-1), crop: nil),
        .takePhoto(.synthetic(width: 48, height: 36)), .pickerResults(assets: [.index(0)], failing: [.index(0)]),
        .pickerResults(assets: [.index(-1)], failing: []), .removeMedia(.index(0)), .addMedia([media]),
        .setPermissions([PermissionGrant(service: .photos, setting: .limited)]),
        .tapOnPoint("50%,40%", TapOptions(count: 2)), .tapOnPoint("10, 20", TapOptions(written: .longPressOn, longPress: true)),
        .tapWith(ElementSelector(text: "Covered"), TapOptions(waitUntilVisible: true)),
        .pressKey(.volumeUp), .tapOn(ElementSelector(traits: [.square, .longText])),
    ])
    func aWrittenCommandLoadsBackUnchanged(command: ScenarioCommand) throws {
        let folder = try ScenarioRunFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/media", withIntermediateDirectories: true)
        try Data([0xFF, 0xD8]).write(to: URL(fileURLWithPath: folder.path + "/media/explore-1.jpg"))
        let header = ScenarioHeader(appId: "com.photosim.MyLocations", name: "written", tags: ["explore"], seed: 3)
        let text = ScenarioWriter.file(comments: ["a comment"], header: header, commands: [command])
        let file = folder.path + "/written.yaml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let loaded = try ScenarioLoader().load(file: file)
        var expected = command
        if case .addMedia = command { expected = .addMedia([SuiteFilePath(path: folder.path + "/media/explore-1.jpg", relativePath: "media/explore-1.jpg")]) }
        #expect(loaded.steps.map(\.command) == [expected], "\(text)")
        #expect(loaded.header.seed == 3 && loaded.header.tags == ["explore"])
        #expect(loaded.steps.first?.location.line == ScenarioWriter.linesBeforeCommands(comments: ["a comment"], header: header) + 1)
    }
}
