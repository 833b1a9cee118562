import Foundation
@testable import Scenarios
import Simulator
import Testing

/// The fault commands' written forms, their errors, and `--fault-rate`.
@Suite struct FaultCommandTests {
    static let cases: [(String, ScenarioCommand)] = [
        ("injectFault: {kind: diskFull, on: write, nth: 1, path: \"Documents/*\"}",
         .injectFault(FaultInjection(kind: .diskFull, operation: .write, nth: 1, path: "Documents/*"))),
        ("injectFault: {kind: fsyncFailure, on: sync, nth: 3}", .injectFault(FaultInjection(kind: .fsyncFailure, operation: .sync, nth: 3))),
        ("injectFault: {kind: shortWrite}", .injectFault(FaultInjection(kind: .shortWrite))),
        ("setFaultRate: 0.01", .setFaultRate(0.01)),
        ("crashAt: photos.save.afterFileWrite", .crashAt(point: "photos.save.afterFileWrite", occurrence: 1)),
        ("crashAt: {point: preferences.write.beforeRename, occurrence: 2}", .crashAt(point: "preferences.write.beforeRename", occurrence: 2)),
        ("killAtTraceEvent: {after: 42}", .killAtTraceEvent(.after(42))),
        ("killAtTraceEvent: {contains: \"file written Documents/Photo-1.jpg\"}",
         .killAtTraceEvent(.containing("file written Documents/Photo-1.jpg"))),
    ]

    @Test(arguments: cases)
    func eachFormGivesItsCommand(_ line: String, expected: ScenarioCommand) throws {
        #expect(try ScenarioCommandParsingTests.command(line) == expected)
    }

    static let errors: [(String, String)] = [
        ("crashAt: photos.save.afterFileWrit",
         "flow.yaml:3:12: `crashAt`: unknown crash point `photos.save.afterFileWrit`; did you mean `photos.save.afterFileWrite`?"),
        ("crashAt: {point: preferences.write.beforeRenam}",
         "flow.yaml:3:20: `crashAt.point`: unknown crash point `preferences.write.beforeRenam`; did you mean `preferences.write.beforeRename`?"),
        ("injectFault: {kind: diskful}",
         "flow.yaml:3:23: `injectFault.kind`: unknown value `diskful`; did you mean `diskFull`? (known: diskFull, ioError, shortWrite, fsyncFailure)"),
        ("setFaultRate: 2", "flow.yaml:3:17: `setFaultRate`: expected a number from 0 to 1, found `2`"),
        ("killAtTraceEvent: {after: 3, contains: x}",
         "flow.yaml:3:21: `killAtTraceEvent`: give `after` (a trace line number) or `contains` (a text), one of them"),
    ]

    @Test(arguments: errors)
    func mistakesAreReportedWithTheirPlaceAndTheNearestName(_ line: String, problem: String) throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", ScenarioCommandParsingTests.header + "- " + line + "\n")
        let problems = fixture.problems("flow.yaml")
        #expect(problems.first?.hasPrefix("<root>/" + problem) == true, "\(problems)")
    }

    @Test func theFaultRateIsReadAndCheckedAndReplayedWithTheSeed() throws {
        #expect(try SuiteRunOptionsTests.options(["--fault-rate", "0.05"]).faultRate == 0.05)
        #expect(try SuiteRunOptionsTests.options([]).faultRate == 0)
        #expect(throws: (any Error).self) { try SuiteRunOptionsTests.options(["--fault-rate", "1.5"]) }
        let result = ScenarioResult(relativePath: "a.yaml", file: "suite/a.yaml", name: "a", tags: [], seed: 7, seedSource: .option,
                                    commands: [], failure: nil, virtualNanoseconds: 0, hostNanoseconds: 0, traceDigest: "",
                                    traceLineCount: 0, screenshots: [], faultRate: 0.05)
        #expect(result.replayCommand == "simctl run --seed 7 --fault-rate 0.05 suite/a.yaml")
    }
}
