import Apps
import Core
import Foundation
@testable import Scenarios

/// A temporary work folder for runner tests and a runner on it with a fake host clock that
/// moves 1 ms per reading, removed when the value goes away.
final class ScenarioRunFolder: @unchecked Sendable {
    let path: String
    let runner: ScenarioRunner

    init(defaultTolerance: Int? = nil) throws {
        // Devices on a memory file system when there is one: every app write is fsynced, and on
        // tmpfs that costs nothing, which keeps the folder's runs within seconds.
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : FileManager.default.temporaryDirectory.path
        path = base + "/scenario-runs-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let ticks = FakeMonotonicClock()
        var runner = ScenarioRunner(apps: ReferenceApps.all, workFolder: path, hostNanoseconds: { ticks.next() })
        if let defaultTolerance { runner.defaultTolerance = defaultTolerance }
        self.runner = runner
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The repository's `Scenarios/` folder, found from this file.
    /// The loader `simctl run` uses for the reference apps: their checker names known.
    static let referenceLoader = ScenarioLoader(checkers: CheckerCatalogue(apps: ReferenceApps.all))

    static var suiteFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios").path
    }
}

/// A monotonic clock for tests: every reading is 1 ms after the one before.
final class FakeMonotonicClock: @unchecked Sendable {
    private let lock = NSLock()
    private var nanoseconds: UInt64 = 0

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        nanoseconds += 1_000_000
        return nanoseconds
    }
}
