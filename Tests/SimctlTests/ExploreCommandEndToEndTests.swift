import Foundation
import Testing

/// `simctl explore` through the built binary: what it writes into `--out` and what it prints.
@Suite("simctl explore end to end")
struct ExploreCommandEndToEndTests {
    /// Explores MyLocations from seed 1; with `strongObserver` the leak is found and shrunk in
    /// under a second.
    static func explore(_ runner: SimctlRunner, out: String, steps: Int = 3, leaking: Bool = false) throws -> SimctlRunner.Result {
        try runner.run(["explore", "com.photosim.MyLocations", "--seed", "1", "--steps", "\(steps)", "--out", out]
            + (leaking ? ["--launch-arg", "strongObserver=true"] : []))
    }

    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test("photos already in --out/media are never replaced: explore takes the next free name, and reuses its own")
    func existingPhotosInTheOutputFolderAreKept() throws {
        let runner = try SimctlRunner()
        let out = runner.folder.appendingPathComponent("out")
        let mine = Data("my own photo, not explore's\n".utf8)
        try FileManager.default.createDirectory(atPath: out + "/media", withIntermediateDirectories: true)
        try mine.write(to: URL(fileURLWithPath: out + "/media/explore-1.jpg"))
        let first = try Self.explore(runner, out: out)
        #expect(first.exitCode == 0, "\(first)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/media/explore-1.jpg")) == mine)
        let taken = try Data(contentsOf: URL(fileURLWithPath: out + "/media/explore-1-2.jpg"))
        #expect(taken.prefix(2) == Data([0xFF, 0xD8]), "explore's own photo went to the next name")
        let written = try Self.names(in: out + "/media")
        #expect(written == ["explore-1-2.jpg", "explore-1.jpg", "explore-2.jpg", "explore-3.jpg", "explore-4.jpg"])
        let second = try Self.explore(runner, out: out)
        #expect(second.exitCode == 0, "\(second)")
        #expect(try Self.names(in: out + "/media") == written, "the same photos are reused, not written again under new names")
    }

    @Test("a shrunk scenario never replaces a file of the same name: the earlier one is kept, the new one takes -2")
    func anEarlierScenarioFileIsKept() throws {
        let runner = try SimctlRunner()
        let out = runner.folder.appendingPathComponent("found")
        let first = try Self.explore(runner, out: out, steps: 2_000, leaking: true)
        #expect(first.exitCode == 1, "\(first)")
        let file = out + "/explore-leaks-seed-1.yaml"
        let again = try Self.explore(runner, out: out, steps: 2_000, leaking: true)
        #expect(again.exitCode == 1, "\(again)")
        #expect(try Self.names(in: out) == ["explore-leaks-seed-1.yaml", "media"], "the same scenario is kept, not written twice")
        let edited = try String(contentsOfFile: file, encoding: .utf8) + "# notes of my own\n"
        try Data(edited.utf8).write(to: URL(fileURLWithPath: file))
        let third = try Self.explore(runner, out: out, steps: 2_000, leaking: true)
        #expect(third.exitCode == 1, "\(third)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == edited)
        #expect(third.standardOutput.contains("shrunk ") && third.standardOutput.contains(": \(out)/explore-leaks-seed-1-2.yaml\n"),
                "\(third)")
        #expect(!third.standardOutput.contains("warning"), "the new file replays the failure: \(third)")
        let replay = try runner.run(["run", out + "/explore-leaks-seed-1-2.yaml"])
        #expect(replay.exitCode == 1 && replay.standardOutput.contains("checker leaks failed"), "\(replay)")
    }

    @Test("explore's lines write a control character of --out visibly")
    func exploreLinesEscapeControlCharacters() throws {
        let runner = try SimctlRunner()
        let out = runner.folder.appendingPathComponent("found\n\u{1B}[2J")
        let result = try Self.explore(runner, out: out, steps: 2_000, leaking: true)
        #expect(result.exitCode == 1, "\(result)")
        #expect(HostileScenarioEndToEndTests.rawControls(in: result.standardOutput + result.standardError).isEmpty, "\(result)")
        let shown = runner.folder + #"/found\n\u{1B}[2J/explore-leaks-seed-1.yaml"#
        #expect(result.standardOutput.contains(": \(shown)\n"), "\(result)")
        #expect(result.standardOutput.contains(#"replay: simctl run $'"# + runner.folder + #"/found\n\x1B[2J/explore-leaks-seed-1.yaml'"#),
                "\(result)")
    }
}
