import Testing
@testable import Scenarios

/// Malformed files: every problem with its exact `file:line:column` text; nothing loads.
@Suite struct ScenarioErrorTests {
    static let cases: [(name: String, text: String, problems: [String])] = [
        ("bad YAML", "appId: a.b\n---\n- tapOn: [Done\n- back\n",
         ["flow.yaml:5:1: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 3, column 10)"]),
        ("tab indentation", "appId: a.b\n---\n- tapOn:\n\ttext: Done\n",
         ["flow.yaml:4:1: malformed YAML: found character that cannot start any token (while scanning for the next token at line 4, column 1)"]),
        ("unknown command", "appId: a.b\n---\n- launchApp\n- tapon: Done\n",
         ["flow.yaml:4:3: unknown command `tapon`; did you mean `tapOn`?"]),
        ("a Maestro command Maestro itself runs nothing for", "appId: a.b\n---\n- openBrowser: https://example.com\n",
         ["flow.yaml:3:3: `openBrowser` is Maestro's, but Maestro reads it and runs nothing for it (YamlFluentCommand maps it to "
            + "no command, so Maestro stops with “No mapping provided”); write openLink: {link: …, browser: true}"]),
        ("an action Maestro does not know", "appId: a.b\n---\n- action: home\n",
         ["flow.yaml:3:11: `action`: expected one of back, hideKeyboard, scroll, clearKeychain, pasteText, found `home` "
            + "(Maestro: “Unknown navigation target”)"]),
        ("an openLink flag that is no boolean", "appId: a.b\n---\n- openLink: {link: \"journal://x\", browser: maybe}\n",
         ["flow.yaml:3:44: `openLink.browser`: expected true or false, found `maybe`"]),
        ("a Maestro command that cannot mean anything here", "appId: a.b\n---\n- assertWithAI: {assertion: The list is sorted}\n",
         ["flow.yaml:3:3: `assertWithAI` is Maestro's, but it asks Maestro's AI model, over the network, to judge a screenshot: "
            + "a scenario here is decided by its own commands on an offline device; assert what the screen must show with "
            + "assertVisible or assertNotVisible"]),
        ("unknown command far from any", "appId: a.b\n---\n- zoomIn\n",
         ["flow.yaml:3:3: unknown command `zoomIn`"]),
        ("swapped letters", "appId: a.b\n---\n- assertVisbile: Done\n",
         ["flow.yaml:3:3: unknown command `assertVisbile`; did you mean `assertVisible`?"]),
        ("unknown header key", "appId: a.b\ntag: [x]\n---\n- back\n",
         ["flow.yaml:2:1: `header`: unknown key `tag`; did you mean `tags`? (known: appId, name, tags, env, device, camera, runtime, seed, media, permissions, limitedLibrary, container, infoPlist, memoryLimit, checkers, skipCheckers, socialServices, onFlowStart, onFlowComplete, jsEngine)"]),
        ("unknown argument key", "appId: a.b\n---\n- tapOn: {txt: Done}\n",
         ["flow.yaml:3:10: `tapOn`: needs `text`, `id` or another key to match on (`below`, `enabled`, `width`, …)",
          "flow.yaml:3:11: `tapOn`: unknown key `txt`; did you mean `text`? (known: text, id, index, below, above, leftOf, "
            + "rightOf, childOf, containsChild, containsDescendants, traits, enabled, checked, selected, focused, width, height, tolerance)"]),
        ("wrong type", "appId: a.b\n---\n- tapOn: [Done]\n",
         ["flow.yaml:3:10: `tapOn`: expected text or a map of Maestro's selector keys (text, id, index, below, …), found a list"]),
        ("missing required argument", "appId: a.b\n---\n- assertPreference: {key: PhotoID}\n",
         ["flow.yaml:3:21: `assertPreference`: missing `equals`"]),
        ("missing appId", "name: x\n---\n- back\n",
         ["flow.yaml:1:1: `header`: missing `appId`"]),
        ("bad duration", "appId: a.b\n---\n- advanceClock: 2 seconds\n",
         ["flow.yaml:3:17: `advanceClock`: expected a duration such as 250ms, 2s, 5m or 1h up to 366 days, found `2 seconds`"]),
        ("duration without unit", "appId: a.b\n---\n- advanceClock: 250\n",
         ["flow.yaml:3:17: `advanceClock`: expected a duration such as 250ms, 2s, 5m or 1h up to 366 days, found `250` (add a unit: ms, s, m or h)"]),
        ("bad size", "appId: a.b\nmemoryLimit: 300\n---\n- back\n",
         ["flow.yaml:2:14: `memoryLimit`: expected a size such as 300MB, 512KB or 2GB, found `300` (add a unit: B, KB, MB or GB)"]),
        ("bad permission value", "appId: a.b\npermissions: {camera: allwo}\n---\n- back\n",
         ["flow.yaml:2:23: `permissions.camera`: expected `allow`, `deny` or `unset`, found `allwo`; did you mean `allow`?"]),
        ("limited for the camera", "appId: a.b\npermissions: {camera: limited}\n---\n- back\n",
         ["flow.yaml:2:23: `permissions.camera`: expected `allow`, `deny` or `unset`, found `limited` (`limited` is for photos only)"]),
        ("unknown service", "appId: a.b\npermissions: {photo: allow}\n---\n- back\n",
         ["flow.yaml:2:15: `permissions`: unknown service `photo`; did you mean `photos`? (known: all, calendar, contacts-limited, contacts, location, location-always, photos-add, photos, media-library, microphone, motion, reminders, siri, camera, faceid, homekit, speech, userTracking, notifications, medialibrary)"]),
        ("limitedLibrary without limited", "appId: a.b\nlimitedLibrary: [0]\n---\n- back\n",
         ["flow.yaml:2:17: `limitedLibrary`: only used with `permissions: {photos: limited}`; add that or remove limitedLibrary"]),
        ("two keys in one item", "appId: a.b\n---\n- tapOn:\n  text: Done\n",
         ["flow.yaml:3:3: a command has one key, found `tapOn`, `text`; indent an argument under its command, or start each command with `- `"]),
        ("argument to a bare command", "appId: a.b\n---\n- back: now\n",
         ["flow.yaml:3:9: `back` takes no argument, found `now`"]),
        ("repeated key", "appId: a.b\n---\n- tapOn: {text: A, text: B}\n",
         ["flow.yaml:3:20: `tapOn`: `text` appears twice; keep one"]),
        ("repeat times out of range", "appId: a.b\n---\n- repeat: {times: 0, commands: [back]}\n",
         ["flow.yaml:3:19: `repeat.times`: expected a whole number from 1 to 10000, found `0`"]),
        ("bad style", "appId: a.b\n---\n- assertPresented: {style: sheet}\n",
         ["flow.yaml:3:28: `assertPresented.style`: expected `fullScreen`, `pageSheet`, `formSheet`, `popover`, `actionSheet` or `alert`, found `sheet`"]),
        ("app path escaping", "appId: a.b\n---\n- deleteFile: ../Photo-1.jpg\n",
         ["flow.yaml:3:15: `deleteFile`: `../Photo-1.jpg` is not a path inside the app's container; write it relative to the container, without `..` (e.g. Documents/Photo-1.jpg)"]),
        ("failing asset not picked", "appId: a.b\n---\n- pickerResults: {assets: [0], fail: [1]}\n",
         ["flow.yaml:3:38: `pickerResults.fail`: index 1 is not one of `assets`; an item can only fail if it was picked"]),
        ("alias", "appId: a.b\n---\n- tapOn: &done Done\n- tapOn: *done\n",
         ["flow.yaml:4:10: aliases (`*name`) are not supported in scenario files; repeat the value or move the commands into a runFlow file"]),
        ("empty file", "",
         ["flow.yaml:1:1: the file is empty; expected a header (appId: <bundle id>), `---`, then a list of commands"]),
        ("commands only", "- launchApp\n- back\n",
         ["flow.yaml:1:1: missing the header: start the file with `appId: <bundle id>` and a `---` line before the commands, as Maestro flows do"]),
        ("header only", "appId: a.b\n",
         ["flow.yaml:1:1: missing the commands: add a `---` line after the header, then the commands as a list (`- launchApp`)"]),
        ("three documents", "appId: a.b\n---\n- back\n---\n- back\n",
         ["flow.yaml:5:1: a third document: a scenario is a header, `---`, then one list of commands; remove this `---` or move the rest into another file"]),
        ("commands not a list", "appId: a.b\n---\nlaunchApp: true\n",
         ["flow.yaml:3:1: `commands`: expected a list of commands (each line starting with `- `), found a map"]),
        ("several problems at once", "appId: a.b\nseed: -1\n---\n- tapOn: {index: x}\n- swipe: {from: Beach, direction: sideways}\n- inputTxt: hi\n",
         ["flow.yaml:2:7: `seed`: expected a whole number from 0 to 9223372036854775807, found `-1`",
          "flow.yaml:4:10: `tapOn`: needs `text`, `id` or another key to match on (`below`, `enabled`, `width`, …)",
          "flow.yaml:4:18: `tapOn.index`: expected a whole number from -10000 to 10000, found `x`",
          "flow.yaml:5:35: `swipe.direction`: expected `LEFT`, `RIGHT`, `UP` or `DOWN`, found `sideways`",
          "flow.yaml:6:3: unknown command `inputTxt`; did you mean `inputText`?"]),
    ]

    @Test(arguments: cases)
    func malformedFilesAreReportedPrecisely(_ name: String, text: String, problems: [String]) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", text)
        #expect(fixture.problems("flow.yaml") == problems.map { "<root>/" + $0 }, "\(name)")
    }

    /// Every command of Maestro's `YamlFluentCommand` (maestro-orchestra) is PhotoSim's, or
    /// refused with its own sentence: a Maestro flow never meets "unknown command".
    @Test func everyMaestroCommandIsRunOrRefusedWithAReason() {
        let maestro = ["tapOn", "doubleTapOn", "longPressOn", "assertVisible", "assertNotVisible", "assertTrue",
                       "assertNoDefectsWithAI", "assertWithAI", "extractTextWithAI", "back", "clearKeychain", "hideKeyboard",
                       "pasteText", "scroll", "inputText", "inputRandomText", "inputRandomNumber", "inputRandomEmail",
                       "inputRandomPersonName", "launchApp", "swipe", "openLink", "openBrowser", "pressKey", "eraseText", "action",
                       "takeScreenshot", "extendedWaitUntil", "stopApp", "killApp", "clearState", "runFlow", "setLocation",
                       "repeat", "copyTextFrom", "runScript", "waitForAnimationToEnd", "evalScript", "scrollUntilVisible", "travel",
                       "startRecording", "stopRecording", "addMedia", "setAirplaneMode", "toggleAirplaneMode", "retry"]
        for name in maestro {
            let runs = ScenarioCommandName(rawValue: name) != nil
            let refused = MaestroCommandCatalogue.refusal(of: name) != nil
            #expect(runs != refused, "\(name): run \(runs), refused \(refused)")
        }
        #expect(MaestroCommandCatalogue.refusal(of: "zoomIn") == nil, "a name Maestro does not have stays unknown")
    }

    @Test func problemsAreBoundedAndTheRestCounted() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n" + String(repeating: "- tapon: Done\n", count: 60))
        let problems = fixture.problems("flow.yaml", loader: ScenarioLoader(limits: ScenarioLimits(maximumDiagnostics: 5)))
        #expect(problems.count == 6)
        #expect(problems.last == "… and possibly more problems: reading stopped at 5; fix these and load again")
    }

    @Test(arguments: [("tapon", "tapOn"), ("taponn", "tapOn"), ("lauchApp", "launchApp"), ("asertFile", "assertFile")])
    func nearNamesAreSuggested(_ written: String, suggested: String) {
        #expect(NameSuggestion.nearest(to: written, in: ScenarioCommand.names) == suggested)
    }

    @Test(arguments: ["zoom", "x", "rotateDevice", "openBrowser"])
    func farNamesSuggestNothing(_ written: String) {
        #expect(NameSuggestion.nearest(to: written, in: ScenarioCommand.names) == nil)
    }
}
