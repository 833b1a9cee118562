import Apps
import Core
import Foundation
@testable import Scenarios
import Simulator
import Testing

/// The one-line progress `simctl run` rewrites on a terminal: its own `\r` and erase-line are
/// the only control characters it writes, whatever the scenario files are called.
@Suite("The progress line on a terminal")
struct ProgressLineTests {
    @Test("a file name holding a line break and an escape sequence shows visibly in the progress line")
    func controlCharactersInAPathAreEscapedInTheProgressLine() throws {
        let folder = try ScenarioRunFolder()
        let suite = folder.path + "/suite"
        try FileManager.default.createDirectory(atPath: suite, withIntermediateDirectories: true)
        try Data("appId: com.photosim.MyLocations\n---\n- launchApp\n".utf8)
            .write(to: URL(fileURLWithPath: suite + "/a\n\u{1B}[2J.yaml"))
        let errors = PrintedText()
        let context = ScenarioCommandContext(
            environment: ["NO_COLOR": "1"], standardErrorIsTerminal: true, processorCount: 1, workFolder: folder.path + "/work",
            hostNanoseconds: { 0 }, nextSeed: { 0 }, deviceSet: { throw FileSystemError.from(errno: ENOENT, operation: "open", path: "set") },
            fileSystem: POSIXFileSystem(), standardOutput: { _ in true }, standardError: { errors.append($0) })
        #expect(ScenarioCommandLine.run(arguments: [suite], apps: ReferenceApps.all, context: context) == 0)
        let progress = errors.text
        #expect(progress.contains(#"1/1 passed 1, failed 0 — a\n\u{1B}[2J.yaml"#), "\(progress.debugDescription)")
        let others = progress.replacingOccurrences(of: "\r\u{1B}[K", with: "").unicodeScalars.filter(VisibleText.needsEscaping)
        #expect(others.isEmpty, "\(progress.debugDescription)")
    }
}
