import Platform
@testable import Scenarios

/// A minimal use of one command name: its line after `- `, the files it names, and the command
/// it loads as.
///
/// ``of(_:suite:)`` is one exhaustive `switch` over ``ScenarioCommandName``, so a name added
/// without a sample does not compile.
struct CommandSample {
    /// The text after `- `.
    let line: String
    /// The command it loads as; for `runFlow`, the one command of the flow it runs.
    let command: ScenarioCommand
    /// Suite files the line names, by path relative to the suite folder.
    var files: [String: String] = [:]

    /// The header every sample is loaded under.
    static let header = "appId: com.photosim.MyLocations\n---\n"

    /// The sample of `name`, for a scenario at the top of the suite folder `suite`.
    static func of(_ name: ScenarioCommandName, suite: String) -> CommandSample {
        switch name {
        case .launchApp: return CommandSample(line: "launchApp", command: .launchApp(LaunchOptions()))
        case .stopApp: return CommandSample(line: "stopApp", command: .stopApp(appId: nil))
        case .killApp: return CommandSample(line: "killApp", command: .killApp(appId: nil))
        case .clearState: return CommandSample(line: "clearState", command: .clearState(appId: nil))
        case .addMedia:
            return CommandSample(line: "addMedia: [photos/beach.jpg]",
                                 command: .addMedia([SuiteFilePath(path: suite + "/photos/beach.jpg", relativePath: "photos/beach.jpg")]),
                                 files: ["photos/beach.jpg": "jpeg"])
        case .setPermissions:
            return CommandSample(line: "setPermissions: {camera: allow}", command: .setPermissions([PermissionGrant(service: .camera, setting: .allow)]))
        case .tapOn: return CommandSample(line: "tapOn: Done", command: .tapOn(ElementSelector(text: "Done")))
        case .doubleTapOn:
            return CommandSample(line: "doubleTapOn: Done", command: .tapWith(ElementSelector(text: "Done"), TapOptions(written: .doubleTapOn, count: 2)))
        case .longPressOn:
            return CommandSample(line: "longPressOn: Done", command: .tapWith(ElementSelector(text: "Done"), TapOptions(written: .longPressOn, longPress: true)))
        case .inputText: return CommandSample(line: "inputText: Beach", command: .inputText("Beach"))
        case .extendedWaitUntil:
            return CommandSample(line: "extendedWaitUntil: {visible: Done, timeout: 3000}",
                                 command: .extendedWaitUntil(FlowCondition(visible: ElementSelector(text: "Done")),
                                                             timeout: ScenarioDuration(milliseconds: 3000)))
        case .retry:
            return CommandSample(line: "retry: {maxRetries: 2, commands: [back]}",
                                 command: .retry(maxRetries: 2, steps: [ScenarioStep(command: .back, location: .nowhere)]))
        case .hideKeyboard: return CommandSample(line: "hideKeyboard", command: .hideKeyboard)
        case .setAirplaneMode: return CommandSample(line: "setAirplaneMode: enabled", command: .setAirplaneMode(on: true))
        case .openLink: return CommandSample(line: "openLink: journal://entry/7", command: .openLink("journal://entry/7"))
        case .action: return CommandSample(line: "action: back", command: .back)
        case .toggleAirplaneMode: return CommandSample(line: "toggleAirplaneMode", command: .setAirplaneMode(on: nil))
        case .scroll: return CommandSample(line: "scroll", command: .scroll)
        case .scrollUntilVisible:
            return CommandSample(line: "scrollUntilVisible: {element: Done}", command: .scrollUntilVisible(ScrollSearch(element: ElementSelector(text: "Done"))))
        case .travel:
            return CommandSample(line: "travel: {points: [\"43.2, -4.8\", \"43.3, -4.7\"], speed: 10}",
                                 command: .travel(points: [Coordinate(latitude: 43.2, longitude: -4.8), Coordinate(latitude: 43.3, longitude: -4.7)],
                                                  speed: 10))
        case .evalScript: return CommandSample(line: "evalScript: ${output.n = 1}", command: .evalScript("${output.n = 1}"))
        case .assertTrue: return CommandSample(line: "assertTrue: ${output.n == 1}", command: .assertTrue("${output.n == 1}"))
        case .runScript:
            return CommandSample(line: "runScript: set.js", command: .runScript(ScriptFile(path: "set.js", code: "output.n = 1\n")),
                                 files: ["set.js": "output.n = 1\n"])
        case .copyTextFrom: return CommandSample(line: "copyTextFrom: {id: description}", command: .copyTextFrom(ElementSelector(id: "description")))
        case .pasteText: return CommandSample(line: "pasteText", command: .pasteText)
        case .clearKeychain: return CommandSample(line: "clearKeychain", command: .clearKeychain)
        case .inputRandomText: return CommandSample(line: "inputRandomText: {length: 5}", command: .inputRandom(.text(length: 5)))
        case .inputRandomNumber: return CommandSample(line: "inputRandomNumber", command: .inputRandom(.number(length: 8)))
        case .inputRandomEmail: return CommandSample(line: "inputRandomEmail", command: .inputRandom(.email))
        case .inputRandomPersonName: return CommandSample(line: "inputRandomPersonName", command: .inputRandom(.personName))
        case .eraseText: return CommandSample(line: "eraseText: 5", command: .eraseText(characters: 5))
        case .back: return CommandSample(line: "back", command: .back)
        case .pressKey: return CommandSample(line: "pressKey: home", command: .pressKey(.home))
        case .assertVisible: return CommandSample(line: "assertVisible: Add Photo", command: .assertVisible(ElementSelector(text: "Add Photo")))
        case .assertNotVisible:
            return CommandSample(line: "assertNotVisible: {id: photoError}", command: .assertNotVisible(ElementSelector(id: "photoError")))
        case .waitForAnimationToEnd: return CommandSample(line: "waitForAnimationToEnd", command: .waitForAnimationToEnd)
        case .takeScreenshot: return CommandSample(line: "takeScreenshot: details", command: .takeScreenshot(name: "details"))
        case .runFlow: return CommandSample(line: "runFlow: back.yaml", command: .back, files: ["back.yaml": header + "- back\n"])
        case .repeat:
            return CommandSample(line: "repeat: {times: 2, commands: [back]}",
                                 command: .repeat(times: 2, steps: [ScenarioStep(command: .back, location: .nowhere)]))
        case .setLocation:
            return CommandSample(line: "setLocation: {latitude: 43.2, longitude: -4.8}", command: .setLocation(latitude: 43.2, longitude: -4.8))
        case .swipe:
            return CommandSample(line: "swipe: {from: Beach, direction: LEFT}", command: .swipe(from: ElementSelector(text: "Beach"), direction: .left))
        case .simulateMemoryWarning: return CommandSample(line: "simulateMemoryWarning", command: .simulateMemoryWarning)
        case .navigateBack: return CommandSample(line: "navigateBack", command: .navigateBack)
        case .terminateApp: return CommandSample(line: "terminateApp", command: .terminateApp)
        case .advanceClock: return CommandSample(line: "advanceClock: 2s", command: .advanceClock(ScenarioDuration(milliseconds: 2_000)))
        case .pickPhoto: return CommandSample(line: "pickPhoto: {index: 0}", command: .pickPhoto(.index(0), crop: nil))
        case .takePhoto: return CommandSample(line: "takePhoto", command: .takePhoto(.synthetic(width: nil, height: nil)))
        case .cancelPicker: return CommandSample(line: "cancelPicker", command: .cancelPicker)
        case .pickerResults: return CommandSample(line: "pickerResults: {assets: [0]}", command: .pickerResults(assets: [.index(0)], failing: []))
        case .removeMedia: return CommandSample(line: "removeMedia: {index: 0}", command: .removeMedia(.index(0)))
        case .deleteFile: return CommandSample(line: "deleteFile: Documents/Photo-1.jpg", command: .deleteFile(AppPath("Documents/Photo-1.jpg")!))
        case .assertPresented: return CommandSample(line: "assertPresented: none", command: .assertPresented(nil))
        case .assertFile:
            return CommandSample(line: "assertFile: Documents/Photo-1.jpg", command: .assertFile(FileExpectation(path: AppPath("Documents/Photo-1.jpg")!)))
        case .assertNoFile: return CommandSample(line: "assertNoFile: Documents/Photo-0.jpg", command: .assertNoFile(AppPath("Documents/Photo-0.jpg")!))
        case .assertFiles:
            return CommandSample(line: "assertFiles: {folder: Documents, names: [Photo-1.jpg]}",
                                 command: .assertFiles(folder: AppPath("Documents")!, names: ["Photo-1.jpg"]))
        case .assertQuery:
            return CommandSample(line: "assertQuery: {store: Locations.sqlite, sql: SELECT 1, rows: [[1]]}",
                                 command: .assertQuery(store: AppPath("Locations.sqlite")!, sql: "SELECT 1", rows: [[.integer(1)]]))
        case .assertPreference:
            return CommandSample(line: "assertPreference: {key: PhotoID, equals: 1}", command: .assertPreference(key: "PhotoID", equals: .integer(1)))
        case .assertNoLeaks: return CommandSample(line: "assertNoLeaks", command: .assertNoLeaks)
        case .assertLeak:
            return CommandSample(line: "assertLeak: {type: LocationDetailsScreen, retainedBy: NotificationCenter}",
                                 command: .assertLeak(type: "LocationDetailsScreen", retainedBy: "NotificationCenter"))
        case .assertCrashed: return CommandSample(line: "assertCrashed", command: .assertCrashed(reason: nil))
        case .assertRunning: return CommandSample(line: "assertRunning", command: .assertRunning)
        case .assertNotifications:
            return CommandSample(line: "assertNotifications: [didEnterBackground]", command: .assertNotifications(["didEnterBackground"]))
        case .assertMemory: return CommandSample(line: "assertMemory: {cacheEmpty: true}", command: .assertMemory(footprintBelow: nil, cacheEmpty: true))
        case .assertTrace: return CommandSample(line: "assertTrace: memory warning", command: .assertTrace(contains: "memory warning", count: nil))
        case .assertLibrary: return CommandSample(line: "assertLibrary: {count: 3}", command: .assertLibrary(count: 3))
        case .injectFault: return CommandSample(line: "injectFault: {kind: diskFull}", command: .injectFault(FaultInjection(kind: .diskFull)))
        case .setFaultRate: return CommandSample(line: "setFaultRate: 0.5", command: .setFaultRate(0.5))
        case .crashAt:
            return CommandSample(line: "crashAt: photos.save.afterFileWrite", command: .crashAt(point: "photos.save.afterFileWrite", occurrence: 1))
        case .killAtTraceEvent: return CommandSample(line: "killAtTraceEvent: {after: 42}", command: .killAtTraceEvent(.after(42)))
        }
    }

    /// The sample's own scenario file: the header, then its line.
    var file: String { Self.header + "- " + line + "\n" }

    /// Writes the sample's files and the scenario file `text` into `fixture`, and loads its steps.
    func load(_ text: String, in fixture: ScenarioFixture) throws -> [ScenarioStep] {
        for (path, contents) in files { try fixture.write(path, contents) }
        try fixture.write("sample.yaml", text)
        return try fixture.load("sample.yaml").steps
    }
}

extension SourceLocation {
    /// The place of a step whose place a comparison ignores (see ``ScenarioCommand/withoutLocations``).
    static let nowhere = SourceLocation(file: "", line: 0, column: 0)
}

extension ScenarioCommand {
    /// The command with the places of a `repeat`'s steps (and their `runFlow` callers) erased,
    /// so a command read from one file compares equal to the same command read from another.
    var withoutLocations: ScenarioCommand {
        func erased(_ steps: [ScenarioStep]) -> [ScenarioStep] {
            steps.map { ScenarioStep(command: $0.command.withoutLocations, location: .nowhere) }
        }
        switch self {
        case .repeat(let times, let steps): return .repeat(times: times, steps: erased(steps))
        case .retry(let maxRetries, let steps): return .retry(maxRetries: maxRetries, steps: erased(steps))
        default: return self
        }
    }
}
