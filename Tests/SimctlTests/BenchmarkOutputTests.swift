import Foundation
import Testing

/// `photosim-bench --json` is read by scripts: its keys are a contract. These runs are tiny (a
/// handful of iterations) and check the shape of the output, never the timings.
@Suite("photosim-bench output") struct BenchmarkOutputTests {
    static var benchPath: String { SimctlRunner.productsFolder.appendingPathComponent("photosim-bench") }

    func jsonLines(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try SimctlRunner.execute(Self.benchPath, arguments)
        #expect(result.exitCode == 0, "\(result)")
        return try result.standardOutput.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test func imagesPrintsOneLinePerFileWithItsKeys() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CoreTests/Fixtures/photo_tiny.jpg").path
        let lines = try jsonLines(["images", "--json", "--iterations", "1", fixture, fixture])
        #expect(lines.count == 2)
        #expect(Set(lines[0].keys) == ["file", "width", "height", "thumbnail_ms_median", "save_ms_median",
                                       "write_ms_median", "thumbnail_peak_extra_bytes"])
        #expect(lines[0]["width"] as? Int == 160 && lines[0]["height"] as? Int == 120)
    }

    @Test func storePrintsItsTwoRates() throws {
        let lines = try jsonLines(["store", "--json", "--reps", "1", "--rows", "200", "--saves", "5"])
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["insert_rows_per_s", "durable_saves_per_s"])
        #expect((lines[0]["durable_saves_per_s"] as? Double ?? 0) > 0)
    }

    @Test func flowPrintsItsFiguresOnOneLine() throws {
        let lines = try jsonLines(["flow", "--json", "--runs", "1"])
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["runs", "flow_ms_median", "flow_ms_p90", "core_ms_median",
                                       "rss_bytes_after_first", "rss_bytes_after_last"])
        #expect(lines[0]["runs"] as? Int == 1)
    }

    @Test func scenariosPrintsItsSuiteAndGeneratedFigures() throws {
        let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios/photoblobs").path
        let lines = try jsonLines(["scenarios", "--json", "--suite", suite, "--generated", "4"])
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["suite_scenarios", "suite_wall_s", "generated_scenarios", "generated_wall_s", "generated_cpu_s",
                                       "generated_durable_wall_s", "generated_durable_cpu_s"])
        #expect(lines[0]["generated_scenarios"] as? Int == 4)
        #expect((lines[0]["suite_scenarios"] as? Int ?? 0) > 0)
    }

    @Test func scenariosWithoutASuiteSaysWhereItLooked() throws {
        let result = try SimctlRunner.execute(Self.benchPath, ["scenarios", "--suite", "/nonexistent/suite", "--generated", "1"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains("could not load the suite (give its folder with --suite) at /nonexistent/suite"))
    }

    @Test func mediaPrintsItsBatchLargeImportAndBigHeaderFigures() throws {
        let lines = try jsonLines(["media", "--json", "--batches", "1", "--large-copies", "3", "--large-width", "64",
                                   "--big-headers", "2"])
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["first_batch_ms_per_photo", "last_batch_ms_per_photo", "rss_bytes_after_first",
                                       "rss_bytes_after_last", "peak_rss_bytes_100_12mp", "ms_per_photo_100_12mp",
                                       "cpu_ms_per_photo_100_12mp", "peak_rss_bytes_big_headers"])
        #expect((lines[0]["peak_rss_bytes_100_12mp"] as? Int ?? 0) > 0)
        #expect((lines[0]["peak_rss_bytes_big_headers"] as? Int ?? 0) > 0)
        #expect((lines[0]["ms_per_photo_100_12mp"] as? Double ?? 0) > 0)
        #expect((lines[0]["cpu_ms_per_photo_100_12mp"] as? Double ?? -1) >= 0)
    }

    /// `startup` times the `simctl` beside it on a set it makes (three devices, one booted).
    @Test func startupPrintsTheMedianOfItsRuns() throws {
        let lines = try jsonLines(["startup", "--json", "--runs", "3", "--warmup", "1"])
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["runs", "list_ms_median", "list_ms_p90"])
        #expect(lines[0]["runs"] as? Int == 3)
        let median = lines[0]["list_ms_median"] as? Double ?? 0
        #expect(median > 0 && median <= (lines[0]["list_ms_p90"] as? Double ?? 0), "\(lines[0])")
    }

    /// `apps` launches the Journal app beside it in its own process, and steps it, then runs the
    /// reference suite's scenarios of the four UIKit apps on processes and in process.
    @Test func appsPrintsItsStableKeys() throws {
        let lines = try jsonLines(["apps", "--json", "--launches", "2", "--steps", "4"])
        #expect(lines.count == 1)
        #expect(Set(lines[0].keys) == ["launches", "steps", "app_launch_ms_median", "app_spawn_launch_ms_median", "app_step_ms_median",
                                       "host_rss_bytes_first", "host_rss_bytes_last",
                                       "suite_scenarios", "suite_wall_s", "suite_in_process_wall_s"])
        #expect(lines[0]["suite_scenarios"] as? Int == 64, "the four UIKit apps' scenarios, all but those tagged in-process")
        #expect((lines[0]["suite_wall_s"] as? Double ?? 0) > 0, "\(lines[0])")
        #expect(lines[0]["launches"] as? Int == 2)
        #expect((lines[0]["app_launch_ms_median"] as? Double ?? 0) > 0, "\(lines[0])")
        #expect((lines[0]["app_spawn_launch_ms_median"] as? Double ?? 0) > 0, "\(lines[0])")
        #expect((lines[0]["app_step_ms_median"] as? Double ?? 0) > 0, "\(lines[0])")
    }

    @Test func appsWithAMissingAppNamesIt() throws {
        let result = try SimctlRunner.execute(Self.benchPath, ["apps", "--app", "/nonexistent/Journal", "--launches", "1"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains("--app /nonexistent/Journal: no executable file there"), "\(result)")
    }

    @Test func startupWithAMissingSimctlNamesIt() throws {
        let result = try SimctlRunner.execute(Self.benchPath, ["startup", "--simctl", "/nonexistent/simctl", "--runs", "1"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains("cannot run /nonexistent/simctl: No such file or directory"), "\(result)")
    }

    @Test func anUnknownOptionIsAUsageError() throws {
        let result = try SimctlRunner.execute(Self.benchPath, ["media", "--bogus"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("Unknown option: --bogus"))
        #expect(result.standardError.contains("usage: photosim-bench media"))
    }

    @Test(arguments: [["store", "--reps", "x"], ["store", "--reps=0"], ["images"], ["flow", "extra"], ["store", "--dir"]])
    func aMistakeNamesItselfAndShowsTheUsage(_ arguments: [String]) throws {
        let result = try SimctlRunner.execute(Self.benchPath, arguments)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.standardError.hasPrefix("photosim-bench \(arguments[0]): "), "\(result)")
        #expect(result.standardError.contains("\nusage: photosim-bench \(arguments[0]) [--json]"), "\(result)")
        #expect(result.standardOutput.isEmpty)
    }

    /// Every benchmark `photosim-bench --help` lists answers `--help` and `-h` with its own help.
    @Test func everyBenchmarkAnswersHelp() throws {
        let overview = try SimctlRunner.execute(Self.benchPath, ["--help"])
        #expect(overview.exitCode == 0, "\(overview)")
        let listed = overview.standardOutput.components(separatedBy: "benchmarks:\n").last ?? ""
        let names = listed.split(separator: "\n").prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names.sorted() == ["apps", "explore", "flow", "images", "media", "scenarios", "startup", "store"])
        for name in names {
            for flag in ["--help", "-h"] {
                let help = try SimctlRunner.execute(Self.benchPath, [name, flag])
                #expect(help.exitCode == 0 && help.standardOutput.hasPrefix("usage: photosim-bench \(name) [--json]"), "\(name) \(flag)\n\(help)")
                #expect(help.standardOutput.contains("  -h, --help  print this help") || help.standardOutput.contains("-h, --help"))
            }
        }
    }

    @Test func anUnreadableImageFailsNamingIt() throws {
        let result = try SimctlRunner.execute(Self.benchPath, ["images", "--json", "--iterations", "1", "/nonexistent/photo.jpg"])
        #expect(result.exitCode != 0)
        #expect(result.standardError.contains("/nonexistent/photo.jpg"))
    }
}
