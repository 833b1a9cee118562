import AppRuntime
import Apps
import Core
import DeviceStore
import Foundation
import PhotoSimTesting
import Testing
@testable import Scenarios

/// A reference app written against UIKit (ReferenceApps/<name>), bundled as `scripts/bundle-apps`
/// lays it out and run by a runner that also knows the in-process apps, so the bundle replaces
/// the in-process app of its identifier.
struct ReferenceAppHarness {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let suite = repository.appendingPathComponent("Scenarios").path
    /// A loader that knows the reference apps' checkers, which the suite's headers name.
    static let loader = ScenarioLoader(checkers: CheckerCatalogue(apps: ReferenceApps.all))

    /// The app's name: its target, executable and folder in ReferenceApps.
    let name: String

    func bundle(in folder: TemporaryFolder) throws -> AppBundle {
        let path = try AppBundleMaker.make(at: folder.appending("\(name).app"), executable: JournalFixture.productsFolder + "/\(name)",
                                           infoPlist: Self.repository.appendingPathComponent("ReferenceApps/\(name)/Info.plist").path)
        return try AppBundle.read(at: path, fileSystem: POSIXFileSystem())
    }

    /// Runs `scenario` on the bundle; the trace's lines with the result.
    func run(_ scenario: Scenario, seed: UInt64? = nil) throws -> (result: ScenarioResult, lines: [String]) {
        let folder = try TemporaryFolder(prefix: "\(name)ProcessTests.")
        var runner = ScenarioRunner(apps: ReferenceApps.all, workFolder: folder.appending("runs"), hostNanoseconds: { 0 })
        runner.appBundles = [try bundle(in: folder)]
        let (result, trace) = runner.runKeepingTrace(scenario, options: RunOptions(seed: seed), slot: "test")
        return (result, trace.map(\.line))
    }

    /// The suite's scenario at `relativePath` passes on the app's process, which replaced the
    /// in-process app of its identifier.
    func expectPasses(_ relativePath: String) throws {
        let (result, lines) = try run(try #require(try Self.scenario(relativePath)))
        #expect(result.passed, "\(Self.explain(result))")
        #expect(lines.contains { $0.hasSuffix("process launched com.photosim.\(name)") },
                "the bundle replaces the in-process app of the same identifier")
    }

    /// The suite's scenario at `relativePath` (`photoshare/deny-access.yaml`).
    static func scenario(_ relativePath: String) throws -> Scenario? {
        try ScenarioSuite.load(path: suite, loader: loader).scenarios.first { $0.relativePath == relativePath }
    }

    /// The relative paths of the suite's scenarios with `tag` and without `in-process`.
    static func scenarios(tagged tag: String) -> [String] {
        guard let loaded = try? ScenarioSuite.load(path: suite, loader: loader).scenarios else { return [] }
        return loaded.filter { $0.header.tags.contains(tag) && !$0.header.tags.contains("in-process") }.map(\.relativePath).sorted()
    }

    /// `ScenarioResult`'s failure as a test prints it: where, what, and the trace's tail.
    static func explain(_ result: ScenarioResult) -> String {
        result.failure.map { "\($0.location): \($0.message)\n" + $0.traceTail.joined(separator: "\n") } ?? ""
    }
}
