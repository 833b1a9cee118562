import Foundation
import PhotoSimTesting
@testable import Scenarios
import Testing

/// The reference app PhotoBlobs written against UIKit (ReferenceApps/PhotoBlobs), in its own
/// process: its scenarios pass on it as on the app host (the one tagged `in-process` needs two
/// captures at one instant, which steps that take a second each cannot give), its queues' work
/// is in the trace as the app host names it, and a kill at the save's barrier or at Core's
/// commit leaves nothing half-saved.
@Suite struct PhotoBlobsProcessTests {
    static let app = ReferenceAppHarness(name: "PhotoBlobs")
    static let scenarios = ReferenceAppHarness.scenarios(tagged: "photoblobs")

    @Test func theSuiteHasTheScenariosCIRuns() {
        // .ci/run checks the same number in the JUnit of its run.
        #expect(Self.scenarios.count == 5, "\(Self.scenarios)")
    }

    @Test(arguments: scenarios)
    func theReferenceScenarioPassesOnTheUIKitApp(path: String) throws {
        try Self.app.expectPasses(path)
    }

    /// The conversion's block on the concurrent queue starts before the save's barrier `sync`,
    /// and one seed gives one trace, queues' lines included.
    @Test func theQueuesWorkIsTracedInOrderAndTheSameForOneSeed() throws {
        let scenario = try #require(try ReferenceAppHarness.scenario("photoblobs/capture-saves-pair.yaml"))
        let (first, lines) = try Self.app.run(scenario, seed: 3)
        #expect(first.passed, "\(ReferenceAppHarness.explain(first))")
        let convert = try #require(lines.firstIndex { $0.hasSuffix("com.photosim.PhotoBlobs: run PhotoBlobs.convertQueue") })
        let save = try #require(lines.firstIndex { $0.hasSuffix("com.photosim.PhotoBlobs: sync PhotoBlobs.saveQueue [barrier]") })
        #expect(convert < save)
        #expect(lines.contains { $0.hasSuffix("com.photosim.PhotoBlobs: sync PhotoBlobs.saveQueue") }, "the store opened on the save queue")
        let (second, _) = try Self.app.run(scenario, seed: 3)
        #expect(second.traceDigest == first.traceDigest)
    }
}
