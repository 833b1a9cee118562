import Apps
import Core
import Foundation
import Testing
@testable import Scenarios

/// Running a subfolder or one file of a suite keeps the suite's root (the nearest folder with a
/// `config.yaml`), so `../media` and `../subflows` stay usable, and nothing leaves that root.
@Suite("Suite root")
struct SuiteRootTests {
    /// A suite with a config, media beside a subfolder, and a shared subflow.
    static func suite() throws -> ScenarioFixture {
        let fixture = try ScenarioFixture()
        try fixture.write("config.yaml", "flows: [\"**\", \"!subflows/**\"]\n")
        try fixture.write("media/beach.jpg", "jpeg")
        try fixture.write("subflows/open.yaml", "appId: a.b\n---\n- launchApp\n")
        try fixture.write("mylocations/tag.yaml", "appId: a.b\nmedia: [../media/beach.jpg]\n---\n- runFlow: ../subflows/open.yaml\n")
        return fixture
    }

    @Test("a subfolder run uses the suite's root: ../media and ../subflows load, paths and seeds as in a whole run")
    func subfolderRunFindsTheConfiguredRoot() throws {
        let fixture = try Self.suite()
        let whole = try ScenarioSuite.load(path: fixture.root)
        let part = try ScenarioSuite.load(path: fixture.root + "/mylocations")
        #expect(part.root == fixture.root)
        #expect(part.scenarios.map(\.relativePath) == ["mylocations/tag.yaml"])
        #expect(part.scenarios == whole.scenarios)
        #expect(part.scenarios.first?.header.media.map(\.relativePath) == ["media/beach.jpg"])
        let lone = try ScenarioSuite.load(path: fixture.root + "/mylocations/tag.yaml")
        #expect(lone.root == fixture.root && lone.scenarios == whole.scenarios)
    }

    @Test("a path escaping the found root is refused at its file:line:column, naming the root and why")
    func escapingTheFoundRootIsRefused() throws {
        let fixture = try Self.suite()
        try fixture.write("mylocations/deep/leak.yaml", "appId: a.b\nmedia: [../../../outside.jpg]\n---\n- back\n")
        let error = #expect(throws: ScenarioLoadError.self) { try ScenarioSuite.load(path: fixture.root + "/mylocations/deep") }
        #expect(error?.description.replacingOccurrences(of: fixture.root, with: "<root>")
            == "<root>/mylocations/deep/leak.yaml:2:9: `media`: `../../../outside.jpg` leaves the suite folder `<root>` "
            + "(the nearest folder with a config.yaml); keep media, fixtures and flows inside it")
    }

    @Test("without a config.yaml above, the folder run is the root, and the message says so")
    func withoutAConfigTheFolderRunIsTheRoot() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("media/beach.jpg", "jpeg")
        try fixture.write("flows/tag.yaml", "appId: a.b\nmedia: [../media/beach.jpg]\n---\n- back\n")
        let error = #expect(throws: ScenarioLoadError.self) { try ScenarioSuite.load(path: fixture.root + "/flows") }
        #expect(error?.description.replacingOccurrences(of: fixture.root, with: "<root>")
            == "<root>/flows/tag.yaml:2:9: `media`: `../media/beach.jpg` leaves the suite folder `<root>/flows` "
            + "(no config.yaml in it or above it, so the folder run); keep media, fixtures and flows inside it")
        // Maestro's default `flows` pattern is `*`: without a config.yaml, only the top level runs.
        let none = #expect(throws: ScenarioLoadError.self) { try ScenarioSuite.load(path: fixture.root) }
        #expect(none?.description.contains("the folder holds no flow at its top level (1 below it); to run flows in its "
            + "subfolders, list them in its config.yaml: `flows: [\"**\"]`") == true, "\(String(describing: none))")
    }

    @Test("the search stops at the repository's top (.git)")
    func theSearchStopsAtTheRepositoryTop() throws {
        let fixture = try Self.suite()
        try fixture.folder("mylocations/.git")
        let error = #expect(throws: ScenarioLoadError.self) { try ScenarioSuite.load(path: fixture.root + "/mylocations") }
        #expect(error?.description.contains("leaves the suite folder `\(fixture.root)/mylocations` (no config.yaml") == true)
    }

    @Test("one file of a subfolder of Scenarios/ (../media/picos.jpg) passes from the command line, with any --seed", arguments: [7, 11])
    func aSubfolderFileRunsFromTheCommandLine(_ seed: Int) throws {
        let folder = try ScenarioRunFolder()
        let printed = PrintedText()
        let context = ScenarioCommandContext(
            environment: [:], standardErrorIsTerminal: false, processorCount: 1, workFolder: folder.path + "/work",
            hostNanoseconds: { 0 }, nextSeed: { 0 }, deviceSet: { throw FileSystemError.from(errno: ENOENT, operation: "open", path: "set") },
            fileSystem: POSIXFileSystem(), standardOutput: { printed.append($0); return true }, standardError: { printed.append($0) })
        let file = ScenarioRunFolder.suiteFolder + "/lootlogger/delete-removes-photo.yaml"
        let status = ScenarioCommandLine.run(arguments: ["--seed", "\(seed)", file], apps: ReferenceApps.all, context: context)
        #expect(status == 0, "\(printed.text)")
        #expect(printed.text.contains("PASS lootlogger/delete-removes-photo.yaml"))
    }

    @Test("parents stay relative when the path is", arguments: [
        ("a/b", "a"), ("a", "."), (".", ".."), ("..", "../.."), ("../x", ".."), ("/a", "/"), ("/a/b", "/a"),
    ])
    func parents(_ path: String, _ parent: String) {
        #expect(SuiteRoot.parent(of: path) == parent)
    }

    @Test func thereIsNothingAboveTheTop() {
        #expect(SuiteRoot.parent(of: "/") == nil)
    }
}
