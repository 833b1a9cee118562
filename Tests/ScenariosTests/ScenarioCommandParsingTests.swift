import Platform
import Testing
@testable import Scenarios

/// Every command's written forms give the right typed command.
@Suite struct ScenarioCommandParsingTests {
    static let header = "appId: com.photosim.MyLocations\n---\n"

    /// Loads one command line (after `- `) and returns its command.
    static func command(_ line: String, files: [String: String] = [:]) throws -> ScenarioCommand {
        let fixture = try ScenarioFixture()
        for (path, text) in files { try fixture.write(path, text) }
        try fixture.write("flow.yaml", header + "- " + line + "\n")
        let scenario = try fixture.load("flow.yaml")
        try #require(scenario.steps.count == 1)
        return scenario.steps[0].command
    }

    static let cases: [(String, ScenarioCommand)] = [
        ("launchApp", .launchApp(LaunchOptions())),
        ("launchApp: com.photosim.LootLogger", .launchApp(LaunchOptions(appId: "com.photosim.LootLogger"))),
        ("launchApp: {clearState: true, stopApp: false, permissions: {camera: deny}, arguments: {strongObserver: true, photoIDDefault: 0}}",
         .launchApp(LaunchOptions(clearState: true, stopApp: false, permissions: [PermissionGrant(service: .camera, setting: .deny)],
                                  arguments: [LaunchArgument(name: "strongObserver", value: "true"),
                                              LaunchArgument(name: "photoIDDefault", value: "0")]))),
        ("stopApp", .stopApp(appId: nil)),
        ("stopApp: com.other", .stopApp(appId: "com.other")),
        ("killApp", .killApp(appId: nil)),
        ("killApp: {appId: com.other}", .killApp(appId: "com.other")),
        ("clearState", .clearState(appId: nil)),
        ("setPermissions: {camera: allow, photos: limited}",
         .setPermissions([PermissionGrant(service: .camera, setting: .allow), PermissionGrant(service: .photos, setting: .limited)])),
        ("setPermissions: {appId: com.photosim.MyLocations, permissions: {photos: unset}}",
         .setPermissions([PermissionGrant(service: .photos, setting: .unset)])),
        // LocalSimulatorUtils.kt: Maestro's iOS driver sets only iOS's names and passes over the
        // rest (an Android group in a shared flow).
        ("setPermissions: {sms: allow, camera: deny, android.permission.READ_CONTACTS: allow}",
         .setPermissions([PermissionGrant(service: .camera, setting: .deny)])),
        // Maestro's iOS spellings (LocalSimulatorUtils): medialibrary, location's inuse/always/never,
        // and services no framework here asks for, checked and left alone.
        ("setPermissions: {medialibrary: allow, location: inuse, notifications: allow, faceid: deny}",
         .setPermissions([PermissionGrant(service: .mediaLibrary, setting: .allow), PermissionGrant(service: .location, setting: .allow)])),
        ("setPermissions: {location: always}",
         .setPermissions([PermissionGrant(service: .location, setting: .allow), PermissionGrant(service: .locationAlways, setting: .allow)])),
        ("setPermissions: {location: never}",
         .setPermissions([PermissionGrant(service: .location, setting: .deny), PermissionGrant(service: .locationAlways, setting: .deny)])),
        ("tapOn: Tag Location", .tapOn(ElementSelector(text: "Tag Location"))),
        ("tapOn: \"Done\"", .tapOn(ElementSelector(text: "Done"))),
        ("tapOn: {id: description}", .tapOn(ElementSelector(id: "description"))),
        ("tapOn: {text: Delete, index: -1}", .tapOn(ElementSelector(text: "Delete", index: -1))),
        ("inputText: Beach", .inputText("Beach")),
        ("inputText: 42", .inputText("42")),
        ("eraseText", .eraseText(characters: 50)),
        ("eraseText: 5", .eraseText(characters: 5)),
        ("eraseText: {charactersToErase: 3}", .eraseText(characters: 3)),
        ("back", .back),
        ("navigateBack", .navigateBack),
        ("terminateApp", .terminateApp),
        ("pressKey: home", .pressKey(.home)),
        ("pressKey: Lock", .pressKey(.lock)),
        ("pressKey: {key: Home}", .pressKey(.home)),
        // KeyCode.kt: every key's description, any case (`getByName`).
        ("pressKey: Enter", .pressKey(.enter)),
        ("pressKey: backspace", .pressKey(.backspace)),
        ("pressKey: Volume Up", .pressKey(.volumeUp)),
        ("pressKey: Remote Media Play Pause", .pressKey(.remotePlayPause)),
        ("pressKey: {key: TV Input HDMI 2}", .pressKey(.tvInputHDMI2)),
        ("inputText: {text: Harbour}", .inputText("Harbour")),
        ("inputRandomText", .inputRandom(.text(length: 8))),
        ("hideKeyboard", .hideKeyboard),
        // Maestro's taps (YamlFluentCommand tapCommand): repeat and delay, a double tap, a long press.
        ("tapOn: {text: Done, retryTapIfNoChange: false, waitToSettleTimeoutMs: 500}", .tapOn(ElementSelector(text: "Done"))),
        // YamlFluentCommand.kt tapCommand: with `point`, a tap at it (TapOnPointV2Command).
        ("tapOn: {point: \"100,200\"}", .tapOnPoint("100,200", TapOptions())),
        ("tapOn: {point: \"50%, 50%\", repeat: 2, retryTapIfNoChange: false}", .tapOnPoint("50%, 50%", TapOptions(count: 2))),
        ("longPressOn: {point: \"${X},${Y}\"}", .tapOnPoint("${X},${Y}", TapOptions(written: .longPressOn, longPress: true))),
        // Orchestra.kt tapOnElement: `waitUntilVisible` false when missing.
        ("tapOn: {text: Done, waitUntilVisible: false}", .tapOn(ElementSelector(text: "Done"))),
        ("tapOn: {text: Done, waitUntilVisible: true}", .tapWith(ElementSelector(text: "Done"), TapOptions(waitUntilVisible: true))),
        ("longPressOn: {id: photo, waitUntilVisible: true}",
         .tapWith(ElementSelector(id: "photo"), TapOptions(written: .longPressOn, longPress: true, waitUntilVisible: true))),
        ("tapOn: {text: Done, repeat: 3, delay: 250}",
         .tapWith(ElementSelector(text: "Done"), TapOptions(count: 3, delay: ScenarioDuration(milliseconds: 250)))),
        ("tapOn: {id: plus, repeat: 0, delay: -5}", .tapWith(ElementSelector(id: "plus"), TapOptions(count: 1))),
        ("doubleTapOn: {text: Photo, delay: 50}",
         .tapWith(ElementSelector(text: "Photo"), TapOptions(written: .doubleTapOn, count: 2, delay: ScenarioDuration(milliseconds: 50)))),
        ("longPressOn: Photo", .tapWith(ElementSelector(text: "Photo"), TapOptions(written: .longPressOn, longPress: true))),
        // YamlSetAirplaneMode: `enabled` or `disabled`, or `{value}`; YamlToggleAirplaneMode.
        ("setAirplaneMode: disabled", .setAirplaneMode(on: false)),
        ("setAirplaneMode: {value: enabled}", .setAirplaneMode(on: true)),
        ("toggleAirplaneMode", .setAirplaneMode(on: nil)),
        // YamlOpenLink: a link, or {link, browser, autoVerify}; `action` is the command it names.
        ("openLink: \"journal://add?text=Beach\"", .openLink("journal://add?text=Beach")),
        ("openLink: {link: \"myapp://x\", browser: true, autoVerify: false}", .openLink("myapp://x")),
        ("action: scroll", .scroll),
        ("action: pasteText", .pasteText),
        // YamlScrollUntilVisible: direction DOWN, timeout 20 s and 100 % when missing.
        ("scroll", .scroll),
        // YamlSwipeDirection, YamlRelativeCoordinateSwipe, YamlCoordinateSwipe.
        ("swipe: {direction: up}", .swipeScreen(.direction(.up))),
        ("swipe: {start: \"50%, 90%\", end: \"50%, 10%\", duration: 300}",
         .swipeScreen(ScreenDrag(start: [0.5, 0.9], end: [0.5, 0.1], unit: .fraction, written: "50%, 90% → 50%, 10%"))),
        ("swipe: {start: \"200, 700\", end: \"200, 100\"}",
         .swipeScreen(ScreenDrag(start: [200, 700], end: [200, 100], unit: .points, written: "200, 700 → 200, 100"))),
        ("scrollUntilVisible: {element: {text: Entry 40}}", .scrollUntilVisible(ScrollSearch(element: ElementSelector(text: "Entry 40")))),
        ("scrollUntilVisible: {element: Top, direction: up, timeout: 5000, visibilityPercentage: 50, speed: 80, centerElement: false}",
         .scrollUntilVisible(ScrollSearch(element: ElementSelector(text: "Top"), direction: .up, timeout: ScenarioDuration(milliseconds: 5000),
                                          visibilityPercentage: 50))),
        // Commands.kt timeoutToMillis: a negative timeout is the default; the percentage held
        // to 0–100; any speed (Maestro's 118_scroll_until_visible_negative.yaml).
        ("scrollUntilVisible: {element: {id: maestro, optional: true}, direction: DOWN, speed: 110, timeout: -200, visibilityPercentage: 140}",
         .scrollUntilVisible(ScrollSearch(element: ElementSelector(id: "maestro"), visibilityPercentage: 100))),
        // YamlTravelCommand: "latitude, longitude" points, speed 4 m/s when missing.
        ("travel: {points: [\"43.2, -4.8\", \"43.3,-4.7\"]}",
         .travel(points: [Coordinate(latitude: 43.2, longitude: -4.8), Coordinate(latitude: 43.3, longitude: -4.7)], speed: 4)),
        // Maestro's script commands (YamlEvalScript, YamlAssertTrue): text, or its map.
        ("evalScript: ${output.n = 1}", .evalScript("${output.n = 1}")),
        ("evalScript: {script: \"${output.n = 2}\"}", .evalScript("${output.n = 2}")),
        ("assertTrue: ${output.n == 2}", .assertTrue("${output.n == 2}")),
        ("assertTrue: {condition: \"${output.n > 1}\"}", .assertTrue("${output.n > 1}")),
        ("assertTrue: true", .assertTrue("true")),
        ("extendedWaitUntil: {notVisible: {id: spinner}}",
         .extendedWaitUntil(FlowCondition(notVisible: ElementSelector(id: "spinner")), timeout: ScenarioDuration(milliseconds: 17_000))),
        ("copyTextFrom: Harbour", .copyTextFrom(ElementSelector(text: "Harbour"))),
        ("pasteText", .pasteText),
        ("clearKeychain", .clearKeychain),
        ("inputRandomText: {length: -3}", .inputRandom(.text(length: 8))),
        ("inputRandomNumber: {length: 4}", .inputRandom(.number(length: 4))),
        ("inputRandomEmail", .inputRandom(.email)),
        ("inputRandomPersonName", .inputRandom(.personName)),
        ("waitForAnimationToEnd: {timeout: 5000}", .waitForAnimationToEnd),
        ("assertVisible: Add Photo", .assertVisible(ElementSelector(text: "Add Photo"))),
        ("assertNotVisible: {id: photoError}", .assertNotVisible(ElementSelector(id: "photoError"))),
        ("waitForAnimationToEnd", .waitForAnimationToEnd),
        ("takeScreenshot: details", .takeScreenshot(name: "details")),
        ("takeScreenshot: {path: list}", .takeScreenshot(name: "list")),
        ("setLocation: {latitude: 43.2, longitude: -4.8}", .setLocation(latitude: 43.2, longitude: -4.8)),
        ("swipe: {from: Beach, direction: LEFT}", .swipe(from: ElementSelector(text: "Beach"), direction: .left)),
        ("swipe: {from: {id: location-1}, direction: right}", .swipe(from: ElementSelector(id: "location-1"), direction: .right)),
        ("simulateMemoryWarning", .simulateMemoryWarning),
        ("advanceClock: 250ms", .advanceClock(ScenarioDuration(milliseconds: 250))),
        ("advanceClock: 2s", .advanceClock(ScenarioDuration(milliseconds: 2_000))),
        ("advanceClock: 1h", .advanceClock(ScenarioDuration(milliseconds: 3_600_000))),
        ("pickPhoto: {index: 0}", .pickPhoto(.index(0), crop: nil)),
        ("pickPhoto: -1", .pickPhoto(.index(-1), crop: nil)),
        ("pickPhoto: {id: 4B2F-ABCD/L0/001}", .pickPhoto(.localIdentifier("4B2F-ABCD/L0/001"), crop: nil)),
        ("pickPhoto: {index: 1, crop: {x: 10, y: 20, size: 300}}", .pickPhoto(.index(1), crop: PhotoCrop(x: 10, y: 20, size: 300))),
        ("takePhoto", .takePhoto(.synthetic(width: nil, height: nil))),
        ("takePhoto: {width: 640, height: 480}", .takePhoto(.synthetic(width: 640, height: 480))),
        ("cancelPicker", .cancelPicker),
        ("pickerResults: {assets: [0, 2], fail: [2]}", .pickerResults(assets: [.index(0), .index(2)], failing: [.index(2)])),
        ("pickerResults: {assets: [ABC/L0/001]}", .pickerResults(assets: [.localIdentifier("ABC/L0/001")], failing: [])),
        ("removeMedia: {index: 0}", .removeMedia(.index(0))),
        ("removeMedia: {id: ABC/L0/001}", .removeMedia(.localIdentifier("ABC/L0/001"))),
        ("deleteFile: Documents/Photo-1.jpg", .deleteFile(AppPath("Documents/Photo-1.jpg")!)),
        ("assertPresented: none", .assertPresented(nil)),
        ("assertPresented: {style: actionSheet}", .assertPresented(PresentedExpectation(screen: nil, style: .actionSheet))),
        ("assertPresented: {screen: Tag Location, style: pageSheet}",
         .assertPresented(PresentedExpectation(screen: "Tag Location", style: .pageSheet))),
        ("assertFile: Documents/Photo-1.jpg", .assertFile(FileExpectation(path: AppPath("Documents/Photo-1.jpg")!))),
        ("assertFile: {path: Documents/Photo-1.jpg, jpegQuality: 50, width: 4032, height: 3024, tolerance: 2}",
         .assertFile(FileExpectation(path: AppPath("Documents/Photo-1.jpg")!, jpegQuality: 50, width: 4032, height: 3024, tolerance: 2))),
        ("assertNoFile: Documents/Photo-0.jpg", .assertNoFile(AppPath("Documents/Photo-0.jpg")!)),
        ("assertFiles: {folder: Documents, names: [Photo-1.jpg, Photo-2.jpg]}",
         .assertFiles(folder: AppPath("Documents")!, names: ["Photo-1.jpg", "Photo-2.jpg"])),
        ("assertQuery: {store: Library/Application Support/Locations.sqlite, sql: 'SELECT ZPHOTOID, ZLOCATIONDESCRIPTION FROM ZLOCATION', rows: [[1, Beach], [~, \"2\"]]}",
         .assertQuery(store: AppPath("Library/Application Support/Locations.sqlite")!, sql: "SELECT ZPHOTOID, ZLOCATIONDESCRIPTION FROM ZLOCATION",
                      rows: [[.integer(1), .text("Beach")], [.null, .text("2")]])),
        ("assertPreference: {key: PhotoID, equals: 1}", .assertPreference(key: "PhotoID", equals: .integer(1))),
        ("assertNoLeaks", .assertNoLeaks),
        ("assertLeak: {type: LocationDetailsScreen, retainedBy: NotificationCenter}",
         .assertLeak(type: "LocationDetailsScreen", retainedBy: "NotificationCenter")),
        ("assertCrashed", .assertCrashed(reason: nil)),
        ("assertCrashed: {reason: Source type 1 not available}", .assertCrashed(reason: "Source type 1 not available")),
        ("assertRunning", .assertRunning),
        ("assertNotifications: [didEnterBackground, willEnterForeground]",
         .assertNotifications(["didEnterBackground", "willEnterForeground"])),
        ("assertMemory: {footprintBelow: 300MB, cacheEmpty: true}",
         .assertMemory(footprintBelow: ByteSize(bytes: 300 << 20), cacheEmpty: true)),
        ("assertTrace: tap “Done”", .assertTrace(contains: "tap “Done”", count: nil)),
        ("assertTrace: {contains: memory warning, count: 2}", .assertTrace(contains: "memory warning", count: 2)),
        ("assertLibrary: {count: 3}", .assertLibrary(count: 3)),
    ]

    @Test(arguments: cases)
    func parses(_ line: String, expected: ScenarioCommand) throws {
        #expect(try Self.command(line) == expected)
    }

    @Test func repeatKeepsItsBodyAndTimes() throws {
        let command = try Self.command("repeat: {times: 3, commands: [back, {tapOn: Done}]}")
        guard case .repeat(let times, let steps) = command else { Issue.record("not a repeat: \(command)"); return }
        #expect(times == 3)
        #expect(steps.map(\.command) == [.back, .tapOn(ElementSelector(text: "Done"))])
        #expect(steps.map(\.location.line) == [3, 3])
    }

    @Test func suitePathArgumentsResolveInsideTheSuite() throws {
        let files = ["photos/beach.jpg": "jpeg", "reference/photo.png": "png"]
        let media = try Self.command("addMedia: [photos/beach.jpg, reference/photo.png]", files: files)
        guard case .addMedia(let paths) = media else { Issue.record("\(media)"); return }
        #expect(paths.map(\.relativePath) == ["photos/beach.jpg", "reference/photo.png"])
        let mapped = try Self.command("addMedia: {files: [photos/beach.jpg]}", files: files)
        guard case .addMedia(let mappedPaths) = mapped else { Issue.record("\(mapped)"); return }
        #expect(mappedPaths.map(\.relativePath) == ["photos/beach.jpg"], "Maestro's {files} form")
        #expect(paths.allSatisfy { $0.path.hasSuffix("/" + $0.relativePath) })
        let shot = try Self.command("takePhoto: {image: photos/beach.jpg}", files: files)
        guard case .takePhoto(.image(let image)) = shot else { Issue.record("\(shot)"); return }
        #expect(image.relativePath == "photos/beach.jpg")
        let file = try Self.command("assertFile: {path: Documents/Photo-1.jpg, sameAs: reference/photo.png}", files: files)
        guard case .assertFile(let expectation) = file else { Issue.record("\(file)"); return }
        #expect(expectation.sameAs?.relativePath == "reference/photo.png")
    }

    @Test func everyCommandNameHasAParsedCase() {
        let parsed = Set(Self.cases.map { $0.0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces) })
        let faults = Set(FaultCommandTests.cases.map { $0.0.split(separator: ":")[0].trimmingCharacters(in: .whitespaces) })
        // retry: ScenarioRunnerTests; runScript (it reads a file): MaestroScriptTests.
        let elsewhere = Set(["runFlow", "repeat", "retry", "addMedia", "runScript"]).union(faults)
        #expect(Set(ScenarioCommand.names).subtracting(parsed).subtracting(elsewhere).isEmpty)
    }

    @Test func stepsKeepTheirLines() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.header + "- launchApp\n\n- tapOn:\n    id: description\n- back\n")
        let scenario = try fixture.load("flow.yaml")
        #expect(scenario.steps.map(\.location.line) == [3, 5, 7])
        #expect(scenario.steps.map(\.location.column) == [3, 3, 3])
    }
}
