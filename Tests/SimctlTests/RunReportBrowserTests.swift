import Foundation
import Testing

/// `simctl run --report DIR` opened in a real headless browser (Debian's `chromium`): the
/// results show and every picture loads, from disk, with no network.
@Suite("simctl run HTML report in a browser")
struct RunReportBrowserTests {
    /// Where Debian puts chromium, or nil when it is not installed (CI installs it: .ci/run).
    static let chromiumPath: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let scenario = """
        appId: com.photosim.MyLocations
        name: A photo & a screenshot
        media: [photo.jpg]
        ---
        - launchApp
        - tapOn: Tag Location
        - takeScreenshot: details
        - tapOn: Add Photo
        - tapOn: Choose From Library
        - pickPhoto: {index: 0}
        - tapOn: Done
        - assertLibrary: 5

        """

    /// Runs a failing scenario that takes a screenshot and writes a photo, with `--report`.
    static func writeReport(_ runner: SimctlRunner) throws -> (result: SimctlRunner.Result, folder: String) {
        try FileManager.default.createDirectory(atPath: runner.folder.appendingPathComponent("suite"), withIntermediateDirectories: true)
        _ = try runner.writeJPEG(named: "suite/photo.jpg", width: 160, height: 120, shade: 90)
        try Data(scenario.utf8).write(to: URL(fileURLWithPath: runner.folder.appendingPathComponent("suite/photo.yaml")))
        let report = runner.folder.appendingPathComponent("report")
        // Under `bazel test` the screenshots go to Bazel's outputs folder (else the working directory).
        var environment = ProcessInfo.processInfo.environment
        environment["TEST_UNDECLARED_OUTPUTS_DIR"] = runner.folder.appendingPathComponent("outputs")
        let result = try SimctlRunner.execute(SimctlRunner.simctlPath,
                                              ["--set", runner.setPath, "run", runner.folder.appendingPathComponent("suite"), "--report", report],
                                              environment: environment)
        return (result, report)
    }

    /// Maestro's `takeScreenshot` file, `<path>.png`, from the command line: in Bazel's outputs
    /// folder under `bazel test`, in `--screenshots DIR` when given.
    @Test func takeScreenshotWritesItsPNGWhereTheRunKeepsFiles() throws {
        let runner = try SimctlRunner()
        _ = try Self.writeReport(runner)
        let written = runner.folder.appendingPathComponent("outputs/details.png")
        #expect(try Data(contentsOf: URL(fileURLWithPath: written)).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let chosen = runner.folder.appendingPathComponent("chosen")
        _ = try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", runner.setPath, "run", runner.folder.appendingPathComponent("suite"),
                                                               "--screenshots", chosen])
        #expect(FileManager.default.fileExists(atPath: chosen + "/details.png"))
    }

    @Test("the report folder holds index.html and the pictures it links, relative and local")
    func reportFolderIsSelfContained() throws {
        let runner = try SimctlRunner()
        let (result, folder) = try Self.writeReport(runner)
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.standardError.contains("HTML report: \(folder)/index.html"))
        let html = try String(contentsOfFile: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let sources = html.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(sources.count == 3, "a screenshot, the screen when it failed and the written photo: \(sources)")
        for source in sources {
            #expect(source.hasPrefix("images/") && FileManager.default.fileExists(atPath: folder.appendingPathComponent(source)))
        }
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"), "nothing from the network")
        #expect(html.contains("A photo &amp; a screenshot") && html.contains("expected: <code>5</code>"))
        // It opens on the failures: the runner's name, an index linking each failed scenario, a filter.
        #expect(html.contains("<title>simctl run — 1 scenario: 0 passed, 1 failed</title>"), "\(html.prefix(400))")
        #expect(html.contains("<body class=\"show-failed\""))
        #expect(html.contains("<nav id=\"failures\"><h2>Failed</h2><ol>\n<li><a href=\"#s1\">photo.yaml — A photo &amp; a screenshot</a>"))
        #expect(html.contains("<button data-show=\"passed\">passed (0)</button>"))
        #expect(html.contains("the screen when it failed (photo.yaml:"), "the picture the runner took at the failed step")
    }

    @Test("chromium shows the results and loads every picture",
          .enabled(if: chromiumPath != nil, "chromium is not installed here (apt-get install -y chromium); CI installs it"))
    func chromiumLoadsEveryPicture() throws {
        let runner = try SimctlRunner()
        let (_, folder) = try Self.writeReport(runner)
        let chromium = try #require(Self.chromiumPath)
        let dump = try SimctlRunner.execute(chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + runner.folder.appendingPathComponent("chromium"),
            "--virtual-time-budget=5000", "--dump-dom", "file://" + folder.appendingPathComponent("index.html"),
        ], timeout: .seconds(90))
        #expect(dump.exitCode == 0, "\(dump)")
        #expect(dump.standardOutput.contains("data-images-loaded=\"3\" data-images-total=\"3\""), "\(dump.standardOutput.prefix(600))")
        #expect(dump.standardOutput.contains("pictures: 3 of 3 loaded"))
        #expect(dump.standardOutput.contains("1 scenario: 0 passed, 1 failed"))
    }
}
