import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `simctl run --repeat` through the built binary: its bound, and memory that does not grow
/// with the number of runs, as results stream out to every report.
@Suite("simctl run --repeat end to end")
struct RunRepeatEndToEndTests {
    /// A scenario that fails at its second command and skips the 1,000 after it: each result
    /// carries 1,000 command entries (some 150 KB), so a run that kept its results would grow
    /// by tens of megabytes between 50 and 500 repeats.
    static let heavy = """
        appId: com.photosim.MyLocations
        name: Heavy result
        ---
        - launchApp
        - assertVisible: Nothing like this is on screen
        """ + String(repeating: "\n- assertVisible: \"A label long enough that every skipped entry of the result weighs something\"", count: 1_000) + "\n"

    @Test("--repeat above 10,000 is a usage error naming the bound, and nothing runs", arguments: ["10001", "1000000000"])
    func repeatAboveTheBoundExitsSixtyFour(_ count: String) throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, ["a.yaml": RunCommandEndToEndTests.passing])
        let result = try RunCommandEndToEndTests.run(runner, [folder, "--repeat", count])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError.contains("--repeat takes at most 10000 runs of each scenario, not `\(count)`"), "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
    }

    /// Kept results would add some 140 MB between 50 and 1,000 runs; streamed ones leave the peak
    /// where it was (36 MB both on a quiet machine). The bound leaves room for the allocator: on
    /// a loaded machine one run of 500 peaked 36 MB above its run of 50.
    @Test("peak memory at --repeat 1000 is that of --repeat 50: results stream out, none is kept")
    func memoryDoesNotGrowWithTheRepeatCount() throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, ["heavy.yaml": Self.heavy])
        var peaks: [Int: Int] = [:]
        for count in [50, 1_000] {
            let junit = runner.folder.appendingPathComponent("junit-\(count).xml")
            let result = try RunCommandEndToEndTests.run(runner, [folder, "--repeat", "\(count)", "-j", "2", "--junit", junit])
            #expect(result.exitCode == 1, "\(result.standardError)")
            #expect(result.standardOutput.split(separator: "\n").count { $0.hasPrefix("FAIL heavy.yaml") } == count)
            #expect(result.standardOutput.contains("\(count) scenarios: 0 passed, \(count) failed"))
            #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("tests=\"\(count)\" failures=\"\(count)\""))
            try #require(result.peakResidentBytes > 0)
            peaks[count] = result.peakResidentBytes
        }
        let growth = (peaks[1_000] ?? 0) - (peaks[50] ?? 0)
        #expect(growth < 48 << 20, "peak resident memory grew by \(growth >> 20) MiB from 50 to 1,000 runs: \(peaks)")
    }

    @Test("every report gets every run, in order, as it streams: text, JSON, JUnit and HTML")
    func streamedReportsHoldEveryRun() throws {
        let runner = try SimctlRunner()
        let folder = try RunCommandEndToEndTests.suite(runner, ["a.yaml": RunCommandEndToEndTests.passing,
                                                                "b.yaml": RunCommandEndToEndTests.failing])
        let junit = runner.folder.appendingPathComponent("junit.xml")
        let report = runner.folder.appendingPathComponent("report")
        let result = try RunCommandEndToEndTests.run(runner, [folder, "--repeat", "3", "--seed", "10", "-j", "2", "--json",
                                                               "--junit", junit, "--report", report])
        #expect(result.exitCode == 1, "\(result)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.map { "\($0["path"] ?? "")@\($0["seed"] ?? "")" } == ["a.yaml@10", "a.yaml@11", "a.yaml@12",
                                                                            "b.yaml@10", "b.yaml@11", "b.yaml@12"])
        let runs = result.standardError.split(separator: "\n").filter { $0.hasPrefix("PASS") || $0.hasPrefix("FAIL") }
        #expect(runs.map { $0.prefix(6) } == ["PASS a", "PASS a", "PASS a", "FAIL b", "FAIL b", "FAIL b"], "\(result)")
        #expect(result.standardError.contains("6 scenarios: 3 passed, 3 failed"))
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<testsuite name=\"Test Suite\" tests=\"6\" failures=\"3\""))
        #expect(xml.components(separatedBy: "<testcase ").count == 7 && XMLParser(data: Data(xml.utf8)).parse())
        let html = try String(contentsOfFile: report.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("6 scenarios: 3 passed, 3 failed") && html.contains("id=\"s6\"") && !html.contains("id=\"s7\""))
        #expect(html.hasSuffix("</body></html>\n"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: runner.folder).filter { $0.hasPrefix(".photosim-report-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
