import Testing
@testable import Scenarios

/// The JavaScript engine scenarios run (JavaScriptCore) with Maestro's globals and the world's
/// time and randomness (maestro-client JsEngine, GraalJsEngine.kt, Js.kt; maestro-test
/// IntegrationTest cases 063, 064, 070 and 093).
@Suite struct MaestroJavaScriptTests {
    func evaluate(_ engine: MaestroJavaScript, _ script: String, variables: [String: String] = [:],
                  now: Double = 1_714_564_800_000, seed: UInt32 = 7) throws -> String {
        try engine.evaluate(script, source: "flow.yaml", line: 3, variables: variables, now: now, seed: seed)
    }

    @Test func variablesAreStringsAndValuesPrintAsJavaScriptPrintsThem() throws {
        let engine = try MaestroJavaScript()
        let variables = ["A": "1", "B": "2"]
        #expect(try evaluate(engine, "A + B", variables: variables) == "12")
        #expect(try evaluate(engine, "parseInt(A) + parseInt(B)", variables: variables) == "3")
        #expect(try evaluate(engine, "1 / 2") == "0.5")
        #expect(try evaluate(engine, "APP_ID || 'com.example.default'") == "com.example.default")
        #expect(try evaluate(engine, "NEVER_DEFINED") == "undefined")
        #expect(try evaluate(engine, "maestro.platform") == "ios")
        #expect(try evaluate(engine, "json('{\"a\": [1, 2]}').a[1]") == "2")
        #expect(try evaluate(engine, "relativePoint(0.5, 0.25)") == "50%,25%")
    }

    @Test func outputAndVariablesLastTheWholeRun() throws {
        let engine = try MaestroJavaScript()
        _ = try evaluate(engine, "output.number = 1 + 1")
        #expect(try evaluate(engine, "'Result is: ' + output.number") == "Result is: 2")
        _ = try evaluate(engine, "1", variables: ["INNER": "Inner"])
        #expect(try evaluate(engine, "INNER") == "Inner")
        try engine.setCopiedText("Beach")
        #expect(try evaluate(engine, "maestro.copiedText") == "Beach")
    }

    @Test func timeAndRandomnessAreTheWorlds() throws {
        let engine = try MaestroJavaScript()
        #expect(try evaluate(engine, "Date.now()") == "1714564800000")
        #expect(try evaluate(engine, "new Date().toISOString()") == "2024-05-01T12:00:00.000Z")
        #expect(try evaluate(engine, "new Date().getHours()") == "12", "the world's zone is UTC")
        #expect(try evaluate(engine, "new Date(0).toISOString()") == "1970-01-01T00:00:00.000Z")
        #expect(try evaluate(engine, "new Date() instanceof Date") == "true")
        let draws = try evaluate(engine, "[Math.random(), Math.random()].join(' ')", seed: 42)
        #expect(try evaluate(MaestroJavaScript(), "[Math.random(), Math.random()].join(' ')", seed: 42) == draws)
        #expect(try evaluate(engine, "[Math.random(), Math.random()].join(' ')", seed: 43) != draws)
    }

    @Test func failuresSayWhat() throws {
        let engine = try MaestroJavaScript()
        #expect(throws: MaestroJavaScript.Failure.self) { try evaluate(engine, "this is not JavaScript") }
        do {
            _ = try evaluate(engine, "http.get('https://example.com')")
            Issue.record("http answered")
        } catch {
            #expect("\(error)".contains("a scenario does not reach the network"), "\(error)")
        }
        let bounded = try MaestroJavaScript(limit: 0.2)
        #expect(throws: MaestroJavaScript.Failure.self) { try evaluate(bounded, "while (true) {}") }
        #expect(try evaluate(bounded, "'still usable'") == "still usable")
    }

    @Test func consoleLogLinesAreCollected() throws {
        let engine = try MaestroJavaScript()
        _ = try evaluate(engine, "console.log('saw', 2, output); 1")
        #expect(engine.takeLogLines() == ["saw 2 [object Object]"])
        #expect(engine.takeLogLines() == [])
    }
}
