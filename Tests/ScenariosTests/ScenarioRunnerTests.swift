import Core
import Platform
import Foundation
import Testing
@testable import Scenarios

/// The runner on small scenarios written for each test: what a failure reports, what stops a
/// run, seeds, host time, and commands the host cannot do.
@Suite("Scenario runner")
struct ScenarioRunnerTests {
    static let myLocations = "appId: com.photosim.MyLocations\n"

    /// Loads and runs `text` as `relativePath` in a fresh suite with the picos photo beside it.
    static func run(_ text: String, as relativePath: String = "flow.yaml", options: RunOptions = RunOptions()) throws -> ScenarioResult {
        let fixture = try ScenarioFixture()
        try fixture.folder("media")
        try FileManager.default.copyItem(atPath: ScenarioRunFolder.suiteFolder + "/media/picos.jpg",
                                         toPath: fixture.root + "/media/picos.jpg")
        try fixture.write(relativePath, text)
        let scenario = try fixture.load(relativePath)
        return try ScenarioRunFolder().runner.run(scenario, options: options)
    }

    @Test("a failed assertion stops the scenario and reports the command, its line, expected and actual")
    func failedAssertionStopsAndReports() throws {
        let result = try Self.run(Self.myLocations + """
            seed: 7
            ---
            - launchApp
            - assertPreference: {key: PhotoID, equals: 3}
            - tapOn: Tag Location
            """)
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:5:3")
        #expect(failure.command == "assertPreference: PhotoID = 3")
        #expect(failure.message == "preference PhotoID: expected 3, found no value")
        #expect(failure.expected == "3" && failure.actual == "no value")
        #expect(result.commands.map(\.status) == [.passed, .failed, .skipped])
        #expect(result.seed == 7 && result.seedSource == .header)
        #expect(result.replayCommand.hasPrefix("simctl run --seed 7 ") && result.replayCommand.hasSuffix("/flow.yaml"))
        #expect(failure.traceTail.count <= ScenarioFailure.traceTailLength && !failure.traceTail.isEmpty)
        #expect(failure.traceTail.last?.hasSuffix("scenario 5:3 failed: preference PhotoID: expected 3, found no value") == true)
    }

    /// Maestro's `optional` (Orchestra.kt's CommandWarned): a failure is a warning, the run goes
    /// on, every report says so; `label` names the command in the reports.
    @Test("an optional command that fails is a warning and the run goes on; a label names the command")
    func optionalAndLabel() throws {
        let result = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - tapOn: {text: Skip intro, optional: true, label: Skip the intro if it shows}
            - back: {optional: true}
            - repeat:
                times: 2
                commands:
                  - assertVisible: {text: Nothing, optional: true}
            - assertVisible: {text: Tag Location, label: The first screen}
            """)
        #expect(result.passed, "\(result.failure?.message ?? "")")
        #expect(result.commands.map(\.status) == [.passed, .warned, .warned, .warned, .passed])
        #expect(result.commands.map(\.command) == ["launchApp", "Skip the intro if it shows", "back", "repeat: 2 × 1 commands",
                                                  "The first screen"], "\(result.commands.map(\.command))")
        let warning = try #require(result.commands[1].warning)
        #expect(warning.hasPrefix("flow.yaml:4:3 Skip the intro if it shows: nothing labelled or identified “Skip intro”"), "\(warning)")
        #expect(result.commands[3].warning?.components(separatedBy: "flow.yaml:9:9 assertVisible").count == 3, "both rounds warned")
        let text = TextReport.lines(for: result).joined(separator: "\n")
        #expect(text.contains("warning: flow.yaml:5:3 back: "), "\(text)")
        #expect(JUnitReport.testCase(result).contains { $0.contains("<system-out>warning: flow.yaml:4:3 ") })

        let failing = try Self.run(Self.myLocations + "---\n- launchApp\n- tapOn: {text: Nowhere, label: Open the missing screen}\n")
        #expect(failing.failure?.command == "Open the missing screen", "a label names the failing command too")
    }

    /// Maestro's `inputRandom…` shapes (InputRandomTextHelper), drawn from the seed.
    @Test("random input has Maestro's shapes and is the seed's")
    func randomInputIsTheSeeds() throws {
        func draws(_ input: RandomInput, seed: UInt64) -> [String] {
            let random = SplitMix64(seed: seed)
            return (0..<50).map { _ in input.text(drawingFrom: random) }
        }
        #expect(draws(.text(length: 8), seed: 1) == draws(.text(length: 8), seed: 1))
        #expect(draws(.text(length: 8), seed: 1) != draws(.text(length: 8), seed: 2))
        #expect(draws(.text(length: 8), seed: 1).allSatisfy { $0.count == 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        #expect(draws(.number(length: 3), seed: 3).allSatisfy { $0.count == 3 && $0.allSatisfy(\.isNumber) && !$0.hasPrefix("0") })
        #expect(draws(.email, seed: 4).allSatisfy {
            $0.range(of: #"^[a-z]+_[a-z]+_[a-z0-9]{4}@(gmail|yahoo|hotmail|aol|msn|outlook)\.com$"#, options: .regularExpression) != nil
        })
        #expect(draws(.personName, seed: 5).allSatisfy { $0.split(separator: " ").count == 2 })

        let flow = Self.myLocations + """
            ---
            - launchApp
            - tapOn: Tag Location
            - tapOn: {id: description}
            - inputRandomText: {length: 0}
            - assertTrace: {contains: "run main: input “", count: 1}
            """
        let typed = try Self.run(flow, options: RunOptions(seed: 11))
        #expect(typed.passed, "\(typed.failure?.message ?? "")")
        #expect(typed.commands[3].command == "inputRandomText: 8 characters from the seed", "a length of 0 is Maestro's 8")
        #expect(try Self.run(flow, options: RunOptions(seed: 11)).traceDigest == typed.traceDigest, "one seed types one text")
        #expect(try Self.run(flow, options: RunOptions(seed: 12)).traceDigest != typed.traceDigest)
    }

    /// Maestro's keyboard and clipboard words (Orchestra.kt: copyTextFromCommand, pasteText,
    /// hideKeyboardCommand).
    @Test("copyTextFrom copies an element's text, pasteText types it, hideKeyboard ends the editing")
    func copyPasteAndHideKeyboard() throws {
        let result = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - tapOn: Tag Location
            - pasteText
            - tapOn: {id: description}
            - inputText: Harbour
            - copyTextFrom: {id: description}
            - pasteText
            - assertTrace: input “HarbourHarbour”
            - hideKeyboard
            - assertTrace: end editing on LocationDetailsScreen#1
            - clearKeychain
            - inputText: more
            """)
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:14:3", "after hideKeyboard no field has the keyboard: \(failure.message)")
        #expect(result.commands.prefix(11).allSatisfy { $0.status == .passed }, "\(result.commands)")
    }

    /// Maestro's conditions (Orchestra.kt evaluateCondition, runFlowCommand, repeatCommand).
    @Test("runFlow when and repeat while test what is on screen and the platform")
    func conditionsTestTheScreen() throws {
        let result = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - runFlow: {when: {visible: Tag Location}, commands: [{tapOn: Tag Location}]}
            - assertVisible: {id: description}
            - runFlow: {when: {platform: Android}, commands: [{tapOn: Nowhere}]}
            - runFlow: {when: {notVisible: {id: description}}, commands: [{tapOn: Nowhere}]}
            - repeat: {while: {visible: Cancel}, times: 5, commands: [navigateBack]}
            - assertVisible: Tag Location
            - repeat: {while: {visible: Nowhere}, commands: [{tapOn: Nowhere}]}
            - repeat:
                while: {visible: Tag Location}
                commands:
                  - waitForAnimationToEnd
            """)
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:11:3", "\(failure.location): \(failure.message)")
        #expect(failure.message == "repeat while visible “Tag Location”: still true after 1000 runs; give `times`, or make the "
                    + "commands change what the condition tests")
        #expect(result.commands.prefix(8).allSatisfy { $0.status == .passed }, "\(result.commands)")
        #expect(result.commands[1].command == "runFlow: when visible “Tag Location”: 1 commands")
    }

    @Test("a condition is Maestro's visible, notVisible, platform or true")
    func conditionsAreChecked() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.myLocations + """
            ---
            - runFlow: {when: {platform: Linux}, commands: [back]}
            - runFlow: {when: {true: "${COUNT > 1}"}, commands: [back]}
            - repeat: {while: {}, commands: [back]}
            """)
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:3:30: `runFlow.when.platform`: expected `iOS`, `Android` or `Web`, found `Linux`",
            "<root>/flow.yaml:5:19: `repeat.while`: give visible, notVisible, platform or true",
        ])
    }

    /// Maestro's `retry` (Orchestra.kt retryCommand): the commands again after a failure.
    @Test("retry runs its commands again after a failure, up to maxRetries more times")
    func retryRunsAgain() throws {
        let result = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - retry:
                maxRetries: 2
                commands:
                  - tapOn: Tag Location
                  - tapOn: Done
            - retry: {maxRetries: 9, commands: [{tapOn: Nowhere}]}
            """)
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:9:37", "the inner command that failed last: \(failure.location) \(failure.message)")
        #expect(result.commands[1].status == .passed, "Done saves and returns: the first attempt passed")
        #expect(result.commands[2].command == "retry: 1 commands, up to 3 retries", "Maestro allows at most 3")

        let flaky = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - retry:
                commands:
                  - tapOn: Tag Location
                  - tapOn: Done
                  - tapOn: Cancel
            - runFlow: {commands: [{tapOn: Nowhere}], optional: true, label: An optional flow}
            """)
        #expect(flaky.failure?.message.contains("“Cancel”") == true, "the second attempt fails the same way: \(flaky.failure?.message ?? "")")
        #expect(flaky.commands[1].status == .failed)
    }

    @Test("an optional flow is one command whose failure is a warning")
    func optionalFlow() throws {
        let result = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - runFlow: {commands: [{tapOn: Nowhere}], optional: true, label: An optional flow}
            - assertVisible: Tag Location
            """)
        #expect(result.passed, "\(result.failure?.message ?? "")")
        #expect(result.commands.map(\.status) == [.passed, .warned, .passed])
        #expect(result.commands[1].command == "An optional flow")
    }

    /// Maestro's `extendedWaitUntil` (Orchestra.kt assertConditionCommand), on the world's clock.
    @Test("extendedWaitUntil passes at once when the condition holds and fails after its timeout")
    func extendedWaitUntilWaitsOnTheWorldsClock() throws {
        let result = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - extendedWaitUntil: {visible: Tag Location}
            - extendedWaitUntil: {visible: Nowhere, timeout: 1200}
            """)
        let failure = try #require(result.failure)
        #expect(failure.message == "Assertion is false: visible “Nowhere” (after 1200ms of the world's clock)", "\(failure.message)")
        #expect(result.virtualNanoseconds == 1_200_000_000, "the wait is virtual time only: \(result.virtualNanoseconds)")
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.myLocations + "---\n- extendedWaitUntil: {timeout: 5}\n")
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:3:22: `extendedWaitUntil` expects either `visible` or `notVisible` to be provided"])
    }

    /// Maestro's lookup waits (Orchestra.kt `findElement`, `lookupTimeoutMs` 17 s and
    /// `optionalLookupTimeoutMs` 7 s; `assertConditionCommand` and `evaluateCondition`), on the
    /// world's clock: a command that finds its element at once takes no time.
    @Test("tapOn, assertVisible and conditions wait for their element on the world's clock, 7 s when optional")
    func commandsWaitForTheirElement() throws {
        let found = try Self.run(Self.myLocations + "---\n- launchApp\n- tapOn: Tag Location\n- assertNotVisible: Nowhere\n")
        #expect(found.failure == nil && found.virtualNanoseconds == 0, "\(found.virtualNanoseconds)")

        let optional = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - tapOn: {text: Nowhere, optional: true}
            - runFlow: {when: {visible: Nowhere}, commands: [back]}
            - assertVisible: Nowhere
            """)
        // Every wait counts from the last interaction (Orchestra.kt `adjustedToLatestInteraction`):
        // 7 s for the optional tap, none left for the condition's 7 s (it looks once), and the
        // assertion's 17 s less the 7 s since the launch.
        #expect(optional.virtualNanoseconds == 17_000_000_000, "\(optional.virtualNanoseconds)")
        #expect(optional.commands.map(\.status) == [.passed, .warned, .passed, .failed])
        let failure = try #require(optional.failure)
        #expect(failure.message.hasSuffix("(after waiting 10s of the world's clock)"), "\(failure.message)")
        #expect(failure.traceTail.contains { $0.hasSuffix("scenario waited 10s for visible “Nowhere”, in vain") }, "\(failure.traceTail)")

        // A command that acts on the device starts the count again; an assertion does not.
        let again = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - assertVisible: {text: Nowhere, optional: true}
            - assertVisible: {text: Nowhere, optional: true}
            - tapOn: Tag Location
            - assertVisible: {text: Nowhere, optional: true}
            """)
        #expect(again.virtualNanoseconds == 34_000_000_000, "17 s, none, then 17 s after the tap: \(again.virtualNanoseconds)")
        #expect(again.commands.map(\.status) == [.passed, .warned, .warned, .passed, .warned])

        // A repeat of assertions did not act (executeSubflowCommands returns `any`).
        let assertions = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - repeat: {times: 2, commands: [{assertVisible: {text: Nowhere, optional: true}}]}
            - assertVisible: {text: Nowhere, optional: true}
            """)
        #expect(assertions.virtualNanoseconds == 17_000_000_000, "\(assertions.virtualNanoseconds)")

        // A stopped app shows nothing new, however long one waits.
        let stopped = try Self.run(Self.myLocations + "---\n- launchApp\n- stopApp\n- assertVisible: Tag Location\n")
        #expect(stopped.failure != nil && stopped.virtualNanoseconds == 0, "\(stopped.virtualNanoseconds)")
    }

    /// IOSDriver.kt: iOS simulators have no airplane mode; Maestro warns and goes on.
    @Test("setAirplaneMode and toggleAirplaneMode warn, as Maestro's iOS driver does, and the run goes on")
    func airplaneModeWarns() throws {
        let result = try Self.run(Self.myLocations + "---\n- launchApp\n- setAirplaneMode: enabled\n- toggleAirplaneMode\n- tapOn: Tag Location\n")
        #expect(result.failure == nil)
        #expect(result.commands.map(\.status) == [.passed, .warned, .warned, .passed])
        #expect(result.commands[1].warning == "flow.yaml:4:3 setAirplaneMode: enabled: Airplane mode is not available on iOS simulators",
                "\(String(describing: result.commands[1].warning))")
    }

    /// Maestro's iOS driver (IOSDriver.kt): `backPress() {}` presses nothing, `killApp` is a
    /// synonym of `stopApp`, and both are `simctl terminate`, which ends the app with no
    /// notification, as does `launchApp`'s stop (Orchestra.kt `launchAppCommand`). PhotoSim's
    /// `navigateBack` and `terminateApp` are the richer meanings.
    @Test("back does nothing on iOS, stopApp is killApp, and navigateBack and terminateApp are PhotoSim's")
    func maestrosLifecycleWordsOnIOS() throws {
        let back = try Self.run(Self.myLocations + "---\n- launchApp\n- tapOn: Tag Location\n- back\n- assertVisible: {id: description}\n"
            + "- navigateBack\n- assertNotVisible: {id: description}\n")
        #expect(back.failure == nil, "\(String(describing: back.failure))")
        #expect(back.commands.map(\.status) == [.passed, .passed, .warned, .passed, .passed, .passed])
        #expect(back.commands[2].warning == "flow.yaml:5:3 back: Maestro's iOS driver presses nothing for back, so nothing happens "
            + "on iOS; to leave the screen, navigateBack taps its back button or cancels what is presented",
                "\(String(describing: back.commands[2].warning))")
        for (ending, relaunched) in [("stopApp", ""), ("killApp", ""), ("launchApp", "didFinishLaunching, didBecomeActive")] {
            let ended = try Self.run(Self.myLocations + "---\n- launchApp\n- assertNotifications: [didFinishLaunching, didBecomeActive]\n"
                + "- \(ending)\n- assertTrace: {contains: MyLocations killed, count: 1}\n- assertNotifications: [\(relaunched)]\n")
            #expect(ended.failure == nil, "\(ending) posts nothing, as simctl terminate: \(String(describing: ended.failure))")
        }
        let terminated = try Self.run(Self.myLocations + "---\n- launchApp\n- assertNotifications: [didFinishLaunching, didBecomeActive]\n"
            + "- terminateApp\n- assertNotifications: [willResignActive, didEnterBackground, willTerminate]\n- stopApp\n- assertTrace: nothing to stop\n- terminateApp\n")
        #expect(terminated.failure?.location == "flow.yaml:9:3", "\(String(describing: terminated.failure))")
        #expect(terminated.failure?.message.contains("not running") == true, "\(String(describing: terminated.failure))")
    }

    /// Maestro's openLink on iOS is `simctl openurl` (IOSDriver.kt): a link goes to the app whose
    /// Info.plist names its scheme. The in-process reference apps name none, so a link fails,
    /// saying so; Maestro's `action: back` is its back command (which does nothing on iOS).
    @Test("openLink fails on an app that names no URL scheme, and a link that is no URL says so")
    func openLinkNeedsTheAppsScheme() throws {
        let result = try Self.run(Self.myLocations + "---\n- launchApp\n- tapOn: Tag Location\n- action: back\n- openLink: mylocations://tag\n")
        #expect(result.commands.map(\.status) == [.passed, .passed, .warned, .failed])
        #expect(result.failure?.message == "no app of the device opens `mylocations:` links: MyLocations's Info.plist names no URL "
            + "scheme in CFBundleURLTypes, and the device has no Safari or other system app (LaunchServices' error -10814)",
                "\(String(describing: result.failure))")
        let notURL = try Self.run(Self.myLocations + "---\n- launchApp\n- openLink: \"not a link\"\n")
        #expect(notURL.failure?.message.hasPrefix("`not a link` is not a URL with a scheme") == true, "\(String(describing: notURL.failure))")
    }

    /// Maestro's travel (Traveller.kt): 50 location steps a leg, the leg's time at the speed
    /// among them, the distance as Maestro's GeoPoint computes it (274.4 m for these points).
    @Test("travel moves the device along its points on the world's clock, in Maestro's time")
    func travelTakesMaestrosTime() throws {
        let result = try Self.run(Self.myLocations + "---\n- launchApp\n- travel: {points: [\"43.2, -4.8\", \"43.3, -4.7\"], speed: 10}\n")
        #expect(result.failure == nil)
        #expect(result.virtualNanoseconds == 27_400_000_000, "\(result.virtualNanoseconds)")
        let distance = ScenarioSession.maestroDistance(Coordinate(latitude: 43.2, longitude: -4.8), Coordinate(latitude: 43.3, longitude: -4.7))
        #expect(abs(distance - 274.4) < 0.1, "\(distance)")
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.myLocations + "---\n- travel: {points: [\"91, 0\"]}\n")
        #expect(fixture.problems("flow.yaml").first?.contains("`91, 0` is not a point") == true)
    }

    /// In process every element of a screen is listed at once: scroll moves nothing, and
    /// scrollUntilVisible finds what is there or fails at once saying why.
    @Test("in process, scroll moves nothing and scrollUntilVisible fails at once on what is not there")
    func scrollingInProcess() throws {
        let found = try Self.run(Self.myLocations + "---\n- launchApp\n- scroll\n- scrollUntilVisible: {element: Tag Location}\n")
        #expect(found.failure == nil && found.virtualNanoseconds == 0, "\(String(describing: found.failure?.message))")
        let missing = try Self.run(Self.myLocations + "---\n- launchApp\n- scrollUntilVisible: {element: Nowhere}\n")
        #expect(missing.failure?.message == "No visible element found: “Nowhere” (this app's screens show every element without scrolling)",
                "\(String(describing: missing.failure?.message))")
    }

    /// iOS makes a navigation bar's title an element (UINavigationBar's static text), so a
    /// flow can look for the screen it is on by its title.
    @Test("the navigation bar's title is on screen")
    func theNavigationTitleIsAnElement() throws {
        let result = try Self.run(Self.myLocations + """
            ---
            - launchApp
            - tapOn: Tag Location
            - assertVisible: {id: description}
            - assertVisible: {text: Tag Location, enabled: true}
            - navigateBack
            - assertNotVisible: {id: description}
            """)
        #expect(result.failure == nil, "\(String(describing: result.failure?.message))")
        let screen = try Self.run(Self.myLocations + "---\n- launchApp\n- tapOn: Tag Location\n- assertVisible: Nowhere\n")
        #expect(screen.failure?.message.contains("label “Tag Location”") == true, "\(String(describing: screen.failure?.message))")
    }

    /// Maestro's `onFlowStart` and `onFlowComplete` (Orchestra.kt runFlow: the complete hook
    /// runs in a `finally`).
    @Test("onFlowStart runs first, onFlowComplete last whatever happened, in a runFlow file too")
    func flowHooks() throws {
        let failed = try Self.run(Self.myLocations + """
            onFlowStart:
              - launchApp
            onFlowComplete:
              - assertVisible: Tag Location
            ---
            - tapOn: Nowhere
            - navigateBack
            """)
        #expect(failed.failure?.location == "flow.yaml:7:3", "\(failed.failure?.location ?? "")")
        #expect(failed.commands.map(\.status) == [.passed, .failed, .skipped, .passed], "\(failed.commands)")

        let startFailed = try Self.run(Self.myLocations + """
            onFlowStart: [{tapOn: Nowhere}]
            onFlowComplete: [launchApp]
            ---
            - launchApp
            """)
        #expect(startFailed.failure?.location == "flow.yaml:2:15")
        #expect(startFailed.commands.map(\.status) == [.failed, .skipped, .passed], "the flow's own commands do not run")

        // A runFlow file's own hooks run around it (Orchestra.kt runSubFlow), the complete hook
        // whatever happened, and its failure is the step's.
        let fixture = try ScenarioFixture()
        try fixture.write("sub.yaml", Self.myLocations + "onFlowStart: [launchApp]\nonFlowComplete: [{tapOn: Tag Location}]\n---\n- tapOn: Nowhere\n")
        try fixture.write("flow.yaml", Self.myLocations + "---\n- runFlow: sub.yaml\n")
        let scenario = try fixture.load("flow.yaml")
        guard case .hookedFlow(let onStart, let steps, let onComplete) = scenario.steps.first?.command else {
            Issue.record("the flow is one step with its hooks: \(scenario.steps)")
            return
        }
        #expect(onStart.count == 1 && steps.count == 1 && onComplete.count == 1)
        let result = try ScenarioRunFolder().runner.run(scenario, options: RunOptions())
        #expect(result.failure?.location == "sub.yaml:5:3 (from flow.yaml:3:3)", "\(String(describing: result.failure?.location))")
        #expect(result.failure?.message.contains("“Nowhere”") == true)
        let trace = result.failure?.traceTail ?? []
        #expect(trace.contains { $0.contains("scenario 3:18 tapOn: “Tag Location”") }, "the complete hook ran after the failure: \(trace)")
    }

    @Test("optional and label take Maestro's values only")
    func optionalTakesTrueOrFalse() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", Self.myLocations + "---\n- tapOn: {text: Done, optional: maybe}\n- back: {label: [a]}\n")
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:3:33: `tapOn.optional`: expected true or false, found `maybe`",
            "<root>/flow.yaml:4:17: `back.label`: expected text, found a list",
        ])
    }

    @Test("a command in a runFlow file is reported at its own line, with the line that included it", arguments: [0])
    func runFlowLocation(_ unused: Int) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("sub.yaml", Self.myLocations + "---\n- tapOn: Nowhere\n")
        try fixture.write("main.yaml", Self.myLocations + "---\n- launchApp\n- runFlow: sub.yaml\n")
        let result = try ScenarioRunFolder().runner.run(try fixture.load("main.yaml"))
        #expect(result.failure?.location == "sub.yaml:3:3 (from main.yaml:4:3)")
    }

    @Test("commands that need something else on screen say what is there instead", arguments: [
        ("- tapOn: Add Photo", "before launch", "the app is not running in the foreground (it is not running); launch it first"),
        ("- launchApp\n- tapOn: Add Photo", "missing element",
         "nothing labelled or identified “Add Photo” on CurrentLocationScreen#1 “Tag”; on screen: "),
        ("- launchApp\n- pickPhoto: 0", "no picker", "expected a photo library picker to be presented, but CurrentLocationScreen#1 “Tag” is"),
        ("- launchApp\n- inputText: x", "no text field", "no text field has the keyboard on CurrentLocationScreen#1 “Tag”; tap one first"),
        ("- launchApp\n- assertVisible: Nowhere", "assertVisible", "“Nowhere” is not on CurrentLocationScreen#1 “Tag”; on screen: "),
        ("- launchApp\n- deleteFile: Documents/Photo-9.jpg", "deleteFile",
         "deleteFile: there is no Documents/Photo-9.jpg in the app's container; list it with assertFiles"),
        ("- launchApp\n- assertCrashed", "assertCrashed", "app state: expected crashed, found active"),
        ("- launchApp\n- assertNotifications: [didEnterBackground]", "assertNotifications",
         "notifications since the last check: expected [\"didEnterBackground\"], found [\"didFinishLaunching\", \"didBecomeActive\"]"),
        ("- launchApp\n- assertLibrary: 2", "assertLibrary", "assets in the library: expected 2, found 1 (IMG_0001.JPG)"),
        ("- launchApp\n- removeMedia: 4", "removeMedia", "the library has 1 photos; there is no index 4 (negative counts from the newest)"),
        ("- launchApp\n- assertFile: Documents/Photo-1.jpg", "assertFile",
         "Documents/Photo-1.jpg: expected a file, found nothing there (the folder is empty or missing)"),
        ("- launchApp\n- assertQuery: {store: Library/Application Support/Locations.sqlite, sql: SELECT nope FROM ZLOCATION, rows: []}",
         "assertQuery", "assertQuery on Library/Application Support/Locations.sqlite failed: the database failed (SQLite error 1: no such column: nope"),
    ])
    func commandsNameWhatIsThere(steps: String, what: String, message: String) throws {
        let result = try Self.run(Self.myLocations + "media: [media/picos.jpg]\n---\n" + steps + "\n")
        let failure = try #require(result.failure, "\(what) should fail")
        #expect(failure.message.hasPrefix(message), "\(what)")
    }

    @Test("commands the host cannot do are refused before anything runs, saying why", arguments: [
        ("- launchApp\n- swipe: {from: Beach, direction: RIGHT}",
         "flow.yaml:4:3: not supported: swipe RIGHT: the host models only a LEFT swipe on a row, which reveals its Delete button"),
        ("- launchApp: com.photosim.LootLogger",
         "flow.yaml:3:3: not supported: launchApp of com.photosim.LootLogger: a scenario drives one app, its header's appId com.photosim.MyLocations"),
        ("- repeat: {times: 2, commands: [{killApp: com.other.App}]}",
         "flow.yaml:3:33: not supported: killApp of com.other.App: a scenario drives one app, its header's appId com.photosim.MyLocations"),
    ])
    func unsupportedCommandsAreRefused(steps: String, message: String) throws {
        let result = try Self.run(Self.myLocations + "---\n" + steps + "\n")
        #expect(result.failure?.command == "setup")
        #expect(result.failure?.message == message)
        #expect(result.commands.allSatisfy { $0.status == .skipped })
        #expect(result.traceLineCount == 0, "nothing ran")
    }

    @Test("a header that cannot be applied fails the setup with what to do", arguments: [
        ("appId: com.example.Unknown\n---\n- launchApp\n",
         "no app com.example.Unknown is known to the runner; known: com.photosim.LootLogger, com.photosim.MyLocations, com.photosim.PhotoBlobs, com.photosim.PhotoShare"),
        ("appId: com.photosim.MyLocations\ndevice: iPhone 99\n---\n- launchApp\n",
         "no device type is called iPhone 99; see `simctl list devicetypes`"),
        ("appId: com.photosim.MyLocations\nruntime: iOS 15.5\n---\n- launchApp\n",
         "iPhone 15 does not run on iOS 15.5; choose another device or runtime"),
        ("appId: com.photosim.MyLocations\nmedia: [media/picos.jpg]\npermissions: {photos: limited}\nlimitedLibrary: [3]\n---\n- launchApp\n",
         "the library has 1 photos; there is no index 3 (negative counts from the newest)"),
    ])
    func headerProblemsFailTheSetup(text: String, message: String) throws {
        let result = try Self.run(text)
        #expect(result.failure?.command == "setup")
        #expect(result.failure?.location == "flow.yaml:1:1")
        #expect(result.failure?.message == message)
    }

    @Test("the seed comes from the options, else the header, else the path")
    func seedSources() throws {
        let text = Self.myLocations + "---\n- launchApp\n"
        #expect(try Self.run(text, options: RunOptions(seed: 99)).seed == 99)
        #expect(try Self.run(text, options: RunOptions(seed: 99)).seedSource == .option)
        let derived = try Self.run(text, as: "a/b.yaml")
        #expect(derived.seedSource == .derived)
        #expect(derived.seed == ScenarioRunner.derivedSeed(relativePath: "a/b.yaml"))
        #expect(ScenarioRunner.derivedSeed(relativePath: "a/b.yaml") == 907_076_133, "FNV-1a 64, folded: the same everywhere")
        #expect(ScenarioRunner.derivedSeed(relativePath: "a/c.yaml") != derived.seed)
        #expect(try Self.run(text, as: "a/b.yaml").traceDigest == derived.traceDigest)
    }

    @Test("host time is what the caller's clock measured; virtual time is the world's")
    func durations() throws {
        let result = try Self.run(Self.myLocations + "---\n- launchApp\n- advanceClock: 2s\n")
        #expect(result.hostNanoseconds == 1_000_000, "two readings of the fake clock, 1 ms apart")
        #expect(result.virtualNanoseconds == 2_000_000_000)
    }

    @Test("takeScreenshot records a named request with what is on screen")
    func screenshots() throws {
        let result = try Self.run(Self.myLocations + "---\n- launchApp\n- takeScreenshot: start\n")
        #expect(result.passed)
        #expect(result.screenshots.map(\.name) == ["start"])
        #expect(result.screenshots.first?.screen == "CurrentLocationScreen#1 “Tag”")
        #expect(result.screenshots.first?.elements.contains("button “Tag Location”") == true)
    }

    @Test("sameAs fails past the tolerance, naming how many pixels differ")
    func sameAsTolerance() throws {
        let steps = """
            media: [media/picos.jpg]
            permissions: {photos: allow}
            ---
            - launchApp: {arguments: {picker: phpicker}}
            - tapOn: Tag Location
            - tapOn: Add Photo
            - tapOn: Choose From Library
            - pickerResults: {assets: [0]}
            - tapOn: Done
            - assertFile: {path: Documents/Photo-1.jpg, jpegQuality: 50, width: 160, height: 120, sameAs: media/picos.jpg, tolerance: 255}
            - assertFile: {path: Documents/Photo-1.jpg, sameAs: media/picos.jpg, tolerance: 0}
            """
        let result = try Self.run(Self.myLocations + steps)
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:12:3", "\(failure.message)")
        #expect(failure.expected == "every channel within 0")
        #expect(failure.actual?.contains(" pixels differ, the first at (") == true)
    }

    @Test("the same scenarios give the same results on one worker and on three, in input order")
    func parallelRunsMatchSerialRuns() throws {
        let suite = try ScenarioSuite.load(path: ScenarioRunFolder.suiteFolder, loader: ScenarioRunFolder.referenceLoader)
        let scenarios = Array(suite.scenarios.filter { $0.relativePath.hasPrefix("mylocations/") }.prefix(8))
        let work = try ScenarioRunFolder()
        let serial = work.runner.run(scenarios, workers: 1)
        let parallel = work.runner.run(scenarios, workers: 3)
        #expect(serial.map(\.relativePath) == scenarios.map(\.relativePath))
        #expect(parallel.map(\.relativePath) == scenarios.map(\.relativePath))
        #expect(serial.map(\.traceDigest) == parallel.map(\.traceDigest))
        #expect(serial.map(\.failure) == parallel.map(\.failure))
    }
}
