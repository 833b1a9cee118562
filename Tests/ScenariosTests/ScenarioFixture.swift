import Foundation
@testable import Scenarios

/// A temporary suite folder for one test, with helpers to write scenario files into it.
final class ScenarioFixture {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path + "/scenarios-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        root = base
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Writes `text` to `relativePath` (folders made as needed) and returns the full path.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Makes a folder inside the suite.
    func folder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relativePath, withIntermediateDirectories: true)
    }

    /// Loads `relativePath` with `loader`.
    func load(_ relativePath: String, loader: ScenarioLoader = ScenarioLoader()) throws(ScenarioLoadError) -> Scenario {
        try loader.load(file: root + "/" + relativePath, root: root)
    }

    /// The problems of loading `relativePath`, each with the suite folder shown as `<root>`; empty when it loads.
    func problems(_ relativePath: String, loader: ScenarioLoader = ScenarioLoader()) -> [String] {
        do {
            _ = try load(relativePath, loader: loader)
            return []
        } catch {
            return error.description.split(separator: "\n").map { $0.replacingOccurrences(of: root, with: "<root>") }
        }
    }
}
