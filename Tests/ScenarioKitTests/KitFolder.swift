import Foundation

/// A temporary folder for one test: scenario files written into it, devices made under it;
/// removed when the value goes away. On tmpfs when there is one (apps fsync every write).
final class KitFolder: @unchecked Sendable {
    let path: String

    init() throws {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        path = base + "/scenario-kit-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path + "/work", withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    var work: String { path + "/work" }

    /// Writes `text` as `name` (folders made as needed) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/suite/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    var suite: String { path + "/suite" }

    /// The repository's `Scenarios/` folder, found from this file.
    static var repositoryScenarios: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios").path
    }
}
