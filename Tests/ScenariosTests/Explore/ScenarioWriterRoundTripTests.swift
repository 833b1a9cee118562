@testable import Scenarios
import Testing

/// Every command the loader reads, the scenario writer writes back as text that loads as the
/// same command.
@Suite struct ScenarioWriterRoundTripTests {
    static let header = ScenarioHeader(appId: "com.photosim.MyLocations", name: "written")

    /// The files the lines below name.
    static let files = ["photos/beach.jpg": "jpeg", "reference/photo.png": "png", "flows/back.yaml": CommandSample.header + "- back\n"]

    /// Forms the parsing tests do not load, on top of theirs.
    static let moreLines = [
        "launchApp: {appId: com.photosim.LootLogger, clearState: true, permissions: {photos: limited}}",
        "setPermissions: {all: deny, camera: allow}",
        "setPermissions: {camera: allow, all: unset}",
        "addMedia: [photos/beach.jpg, reference/photo.png]",
        "takePhoto: {image: photos/beach.jpg}",
        "pickPhoto: {id: \"12\", crop: {x: 0, y: 4, size: 30}}",
        "assertFile: {path: Documents/*.jpg, sameAs: reference/photo.png, tolerance: 0}",
        "assertQuery: {store: Locations.sqlite, sql: \"SELECT a, b FROM t\", rows: [[0.5, true, \"true\", 1e3, ~], [\"~\", -7, 2.0]]}",
        "assertPreference: {key: Seen, equals: ~}",
        "assertPreference: {key: Name, equals: \"0x1F\"}",
        "assertNotifications",
        "assertFiles: {folder: Documents, names: []}",
        "assertCrashed: \"index out of range\"",
        "assertTrace: {contains: \"tap “Done”\", count: 0}",
        "stopApp: com.photosim.LootLogger",
        "repeat: {times: 2, commands: [back, {tapOn: {text: Done, index: -1}}, {repeat: {times: 3, commands: [assertRunning]}}]}",
        "repeat: {times: 2, commands: [{runFlow: flows/back.yaml}]}",
        "setLocation: {latitude: -90, longitude: 179.999999}",
        "setFaultRate: 0.00001",
        "killAtTraceEvent: {contains: \"a: [b], {c}\"}",
    ]

    static let lines = ScenarioCommandParsingTests.cases.map(\.0) + FaultCommandTests.cases.map(\.0) + moreLines

    @Test(arguments: ScenarioCommandName.allCases)
    func eachNamesSampleIsWrittenAndLoadsBackUnchanged(_ name: ScenarioCommandName) throws {
        let fixture = try ScenarioFixture()
        let sample = CommandSample.of(name, suite: fixture.root)
        let text = ScenarioWriter.file(comments: [], header: Self.header, commands: [sample.command])
        let steps = try sample.load(text, in: fixture)
        #expect(steps.map(\.command.withoutLocations) == [sample.command.withoutLocations], "\(text)")
    }

    @Test(arguments: lines)
    func eachLoadedFormIsWrittenAndLoadsBackUnchanged(_ line: String) throws {
        let fixture = try ScenarioFixture()
        for (path, text) in Self.files { try fixture.write(path, text) }
        try fixture.write("read.yaml", CommandSample.header + "- " + line + "\n")
        let read = try fixture.load("read.yaml").steps.map(\.command)
        try #require(read.count == 1)
        let text = ScenarioWriter.file(comments: [], header: Self.header, commands: read)
        try fixture.write("written.yaml", text)
        let written = try fixture.load("written.yaml").steps.map(\.command)
        #expect(written.map(\.withoutLocations) == read.map(\.withoutLocations), "\(text)")
    }

    /// Commands no file could hold are written as they are, and the loader refuses them.
    @Test(arguments: [
        (ScenarioCommand.takePhoto(.synthetic(width: 640, height: nil)), "`takePhoto`: give both `width` and `height`"),
        (.assertMemory(footprintBelow: nil, cacheEmpty: nil), "`assertMemory`: needs `footprintBelow`"),
        (.assertPresented(PresentedExpectation(screen: nil, style: nil)), "`assertPresented`: needs `screen`, `style`, or both"),
        (.eraseText(characters: -1), "`eraseText`: expected a whole number from 0 to 100000, found `-1`"),
        (.setPermissions([PermissionGrant(service: .camera, setting: .allow), PermissionGrant(service: .camera, setting: .deny)]),
         "`setPermissions`: `camera` appears twice"),
    ])
    func aCommandNoFileCouldHoldIsRefusedWhenReadBack(_ command: ScenarioCommand, problem: String) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("written.yaml", ScenarioWriter.file(comments: [], header: Self.header, commands: [command]))
        let problems = fixture.problems("written.yaml")
        #expect(problems.count == 1)
        #expect(problems.first?.contains(problem) == true, "\(problems)")
    }
}
