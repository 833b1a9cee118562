import Foundation
import Testing

/// Same seed, same inputs, same commit: the same trace in another process. Swift seeds hashing
/// per process, so anything hash-ordered that reached a trace would show up here as a different
/// digest between two runs of the built binary.
@Suite("traces across processes")
struct CrossProcessDeterminismTests {
    /// The repository's scenario suite, found from this file's path.
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios").path

    /// `path` → `traceDigest` from one `simctl run --json` process.
    static func digests(_ runner: SimctlRunner, workers: Int) throws -> [String: String] {
        let result = try RunCommandEndToEndTests.run(runner, [suite, "--json", "-j", "\(workers)",
                                                              "--screenshots", runner.folder.appendingPathComponent("shots")])
        #expect(result.exitCode == 0, "\(result)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        var digests: [String: String] = [:]
        for object in objects {
            let path = try #require(object["path"] as? String)
            digests[path] = try #require(object["traceDigest"] as? String)
        }
        return digests
    }

    @Test func everyScenarioOfTheSuiteHasTheSameTraceInTwoProcesses() throws {
        let runner = try SimctlRunner()
        let first = try Self.digests(runner, workers: 1)
        let second = try Self.digests(runner, workers: 2)
        #expect(first.count >= 40, "the suite ran \(first.count) scenarios")
        #expect(first == second, "traces differ: \(first.keys.sorted().filter { first[$0] != second[$0] })")
    }
}
