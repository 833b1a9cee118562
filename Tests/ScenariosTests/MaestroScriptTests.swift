import Foundation
import Testing
@testable import Scenarios

/// Maestro's JavaScript in a scenario (Orchestra.kt `evalScriptCommand`, `runScriptCommand`,
/// `assertConditionCommand`; Env.kt `evaluateScripts`; maestro-test cases 063, 064 and 070),
/// run in process on MyLocations.
@Suite struct MaestroScriptTests {
    static func run(_ text: String, files: [String: String] = [:], seed: UInt64 = 1) throws -> ScenarioResult {
        let fixture = try ScenarioFixture()
        for (path, contents) in files { try fixture.write(path, contents) }
        try fixture.write("flow.yaml", text)
        return try ScenarioRunFolder().runner.run(try fixture.load("flow.yaml"), options: RunOptions(seed: seed))
    }

    /// `addMedia`'s paths worked out as the command runs (AddMediaCommand's `evaluateScripts`),
    /// then checked as the loader checks a written one: inside the suite, an existing file.
    @Test func mediaPathsThatAreJavaScriptAreWorkedOutWhenTheirCommandRuns() throws {
        let fixture = try ScenarioFixture()
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios/media/picos.jpg")
        try fixture.folder("media")
        try FileManager.default.copyItem(atPath: photo.path, toPath: fixture.root + "/media/picos.jpg")
        try fixture.write("flow.yaml", """
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - evalScript: ${output.photo = 'media/' + 'picos.jpg'; output.away = '../../etc/passwd'}
            - addMedia: ["${output.photo}"]
            - assertLibrary: 1
            - addMedia: {files: ["${output.photo}", media/picos.jpg]}
            - assertLibrary: 3
            - addMedia: ["${output.away}"]
            """)
        let result = try ScenarioRunFolder().runner.run(try fixture.load("flow.yaml"), options: RunOptions(seed: 1))
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:9:3", "\(failure)")
        #expect(failure.message.contains("../../etc/passwd"), "\(failure.message)")
        #expect(result.commands.map(\.status) == [.passed, .passed, .passed, .passed, .passed, .passed, .failed])
        #expect(result.commands[2].command.contains("${output.photo}"), "\(result.commands[2].command)")
    }

    /// `retry`'s `maxRetries` worked out as the retry starts (RetryCommand's `evaluateScripts`):
    /// a tap that always fails is tried three times, then fails the step.
    @Test func maxRetriesThatIsJavaScriptIsWorkedOutWhenTheRetryStarts() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - evalScript: ${output.tries = 1 + 1}
            - retry: {maxRetries: "${output.tries}", commands: [{tapOn: Nowhere}]}
            """)
        let (result, trace) = try ScenarioRunFolder().runner.runKeepingTrace(try fixture.load("flow.yaml"), options: RunOptions(seed: 1),
                                                                             slot: "test")
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:5:53", "the inner tap that failed last: \(failure)")
        #expect(result.commands[2].command == "retry {maxRetries: ${output.tries}}", "\(result.commands[2].command)")
        let lines = trace.map(\.line)
        #expect(lines.contains { $0.hasSuffix("scenario 5:3 retry: 1 commands, up to 2 retries") }, "\(lines)")
        #expect(lines.filter { $0.hasSuffix("scenario 5:53 tapOn: “Nowhere”") }.count == 3, "the first attempt and two retries")
    }

    @Test func scriptsSetOutputThatLaterValuesRead() throws {
        let result = try Self.run("""
            appId: com.photosim.MyLocations
            env: {A: 1, B: 2}
            ---
            - launchApp
            - runScript: {file: greet.js, env: {WHO: "${'Ann'}"}}
            - evalScript: ${output.number = 1 + 1}
            - assertTrue: ${output.number == 2}
            - tapOn: Tag Location
            - tapOn: {id: description}
            - inputText: ${output.greeting} ${A + B} ${parseInt(A) + parseInt(B)}
            - copyTextFrom: {id: description}
            - assertTrue: "${maestro.copiedText == 'Hello, Ann 12 3'}"
            - assertVisible: {id: description, text: "${output.greeting + '.*'}"}
            - runFlow: {when: {true: "${output.number > 1}"}, commands: [{evalScript: "${output.ran = true}"}]}
            - runFlow: {when: {true: "${output.number > 5}"}, commands: [{evalScript: "${output.skipped = true}"}]}
            - assertTrue: ${output.ran && !output.skipped}
            - evalScript: ${output.at = Date.now()}
            - assertTrue: ${output.at == new Date('2024-05-01T12:00:00Z').getTime()}
            """, files: ["greet.js": "output.greeting = 'Hello, ' + WHO\nconsole.log('greeted', WHO)\n"])
        #expect(result.failure == nil, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(result.commands.allSatisfy { $0.status == .passed }, "\(result.commands)")
    }

    /// Numbers worked out as their command runs (Commands.kt: RepeatCommand's `times`,
    /// ElementSelector's `index`, AssertConditionCommand's `timeout`, SetLocationCommand's
    /// coordinates), read from what the scripts before them set; a value the command does not
    /// take fails its step in the loader's words.
    @Test func numbersThatAreJavaScriptAreWorkedOutWhenTheirCommandRuns() throws {
        let result = try Self.run("""
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - evalScript: ${output.n = 3; output.i = 0}
            - repeat:
                times: ${output.n}
                commands:
                  - simulateMemoryWarning
                  - evalScript: ${output.n = 10}
            - assertTrace: {contains: "memory warning (simulated)", count: 3}
            - tapOn: {text: Tag Location, index: "${output.i}"}
            - extendedWaitUntil: {visible: Nowhere, timeout: "${output.n * 100}", optional: true}
            - setLocation: {latitude: "${40 + 3.5}", longitude: "${-4 - 0.25}"}
            - takeScreenshot: {path: "details-${output.n}"}
            - repeat: {times: "${'many'}", commands: [simulateMemoryWarning]}
            """)
        let failure = try #require(result.failure)
        #expect(failure.location == "flow.yaml:15:3", "\(failure)")
        #expect(failure.message == "`repeat.times`: expected a whole number from 1 to 10000, found `many`", "\(failure.message)")
        #expect(result.commands.map(\.status) == [.passed, .passed, .passed, .passed, .passed, .warned, .passed, .passed, .failed])
        #expect(result.screenshots.map(\.name) == ["details-10"])
        #expect(result.commands[5].warning?.hasSuffix("(after 1s of the world's clock)") == true, "\(result.commands[5])")
        #expect(result.commands[2].command == "repeat {times: ${output.n}}")
        #expect(result.virtualNanoseconds == 1_000_000_000)
    }

    /// A scripted number inside a command whose own number is scripted is worked out at each
    /// of its runs; an `optional` command whose number it does not take is a warning.
    @Test func scriptedNumbersNestAndMayBeOptional() throws {
        let result = try Self.run("""
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - evalScript: ${output.k = 1}
            - repeat:
                times: "${1 + 1}"
                commands:
                  - repeat: {times: "${output.k}", commands: [simulateMemoryWarning]}
                  - evalScript: ${output.k = output.k + 1}
            - assertTrace: {contains: "memory warning (simulated)", count: 3}
            - repeat: {times: "${'x'}", commands: [simulateMemoryWarning], optional: true}
            """)
        #expect(result.failure == nil, "\(result.failure.map { "\($0.location): \($0.message)" } ?? "")")
        #expect(result.commands.map(\.status) == [.passed, .passed, .passed, .passed, .warned])
    }

    /// Repeats whose times are scripts count against the file's command limit as they run, with
    /// the scenario's own commands, so nesting them cannot run more than a file may.
    @Test func scriptedRepeatsStayWithinTheCommandLimit() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - repeat:
                times: "${3}"
                commands:
                  - repeat: {times: "${40}", commands: [simulateMemoryWarning]}
            """)
        let loader = ScenarioLoader(limits: ScenarioLimits(maximumCommands: 100))
        let result = try ScenarioRunFolder().runner.run(try fixture.load("flow.yaml", loader: loader))
        let failure = try #require(result.failure)
        #expect(failure.message == "the scenario runs more than 100 commands (counting runFlow files and repeat times); split it "
            + "into several scenarios", "\(failure.message)")
        #expect(failure.location == "flow.yaml:7:9", "the third inner repeat: \(failure.location)")
    }

    @Test func aFalseAssertionAndAScriptErrorFailTheirStep() throws {
        let failed = try Self.run("appId: com.photosim.MyLocations\n---\n- evalScript: ${output.n = 3}\n- assertTrue: ${output.n < 2}\n")
        #expect(failed.failure?.message == "Assertion is false: false is true", "\(String(describing: failed.failure))")
        #expect(failed.failure?.location == "flow.yaml:4:3")
        let broken = try Self.run("appId: com.photosim.MyLocations\n---\n- evalScript: ${output.n = }\n")
        #expect(broken.failure?.message.hasPrefix("JavaScript: SyntaxError") == true, "\(String(describing: broken.failure))")
        let offline = try Self.run("appId: com.photosim.MyLocations\n---\n- evalScript: ${http.get('https://example.com')}\n")
        #expect(offline.failure?.message.contains("a scenario does not reach the network") == true)
    }

    @Test func scriptsDrawFromTheSeed() throws {
        let flow = "appId: com.photosim.MyLocations\n---\n- launchApp\n- tapOn: Tag Location\n- tapOn: {id: description}\n"
            + "- inputText: ${Math.floor(Math.random() * 1000000)}\n"
        let one = try Self.run(flow, seed: 5)
        #expect(one.failure == nil)
        #expect(try Self.run(flow, seed: 5).traceDigest == one.traceDigest, "one seed, one draw")
        #expect(try Self.run(flow, seed: 6).traceDigest != one.traceDigest)
    }

    @Test func runScriptReadsItsFileWhenTheFlowLoads() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n- runScript: missing.js\n- runScript: {file: set.js, when: {platform: iOS}}\n")
        try fixture.write("set.js", "output.n = 1\n")
        #expect(fixture.problems("flow.yaml").count == 1)
        #expect(fixture.problems("flow.yaml").first?.contains("3:14: `runScript`") == true, "\(fixture.problems("flow.yaml"))")
    }
}
