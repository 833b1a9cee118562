import Foundation
import PhotoSimTesting
@testable import Scenarios
import Testing

/// The reference app PhotoShare written against UIKit (ReferenceApps/PhotoShare), in its own
/// process: the photoshare scenarios pass on it as on the app host (one names the compose sheet
/// by Apple's class, `SLComposeViewController`), with Photos' requests in the app host's trace
/// words, `back` cancelling a presented sheet, and a crash as the app launches being the app's.
@Suite struct PhotoShareProcessTests {
    static let app = ReferenceAppHarness(name: "PhotoShare")
    static let scenarios = ReferenceAppHarness.scenarios(tagged: "photoshare")

    @Test func theSuiteHasTheScenariosCIRuns() {
        // .ci/run checks the same number in the JUnit of its run.
        #expect(Self.scenarios.count == 11, "\(Self.scenarios)")
    }

    @Test(arguments: scenarios)
    func theReferenceScenarioPassesOnTheUIKitApp(path: String) throws {
        try Self.app.expectPasses(path)
    }

    /// The thumbnail's opportunistic request and the full-size one, in the words the app host's
    /// trace gives them: one request, a degraded result, then the final one.
    @Test func photosRequestsAreTracedInTheAppHostsWords() throws {
        let (result, lines) = try Self.app.run(try #require(try ReferenceAppHarness.scenario("photoshare/opportunistic-delivery.yaml")))
        #expect(result.passed, "\(ReferenceAppHarness.explain(result))")
        let request = try #require(lines.firstIndex { $0.hasSuffix("com.photosim.PhotoShare: image request #1 IMG_0001.JPG 100x100 aspectFill opportunistic") })
        let degraded = try #require(lines.firstIndex { $0.hasSuffix("image result #1 IMG_0001.JPG 34x25 degraded") })
        let final = try #require(lines.firstIndex { $0.hasSuffix("image result #1 IMG_0001.JPG 133x100") })
        #expect(request < degraded && degraded < final)
        #expect(lines.contains { $0.hasSuffix("image request #2 IMG_0001.JPG 160x120 aspectFill highQualityFormat") })
        #expect(!lines.contains { $0.contains("sdk-work") }, "the SDK's own queue is not the app's, and is not traced")
    }

    /// `back` over the compose sheet is its Cancel: the handler hears `.cancelled` and the list
    /// says so; a second `back` pops the photo.
    @Test func backOverTheComposeSheetCancelsIt() throws {
        let (result, lines) = try Self.app.run(try #require(try ReferenceAppHarness.scenario("photoshare/tweet-cancelled.yaml")))
        #expect(result.passed, "\(ReferenceAppHarness.explain(result))")
        #expect(lines.filter { $0.contains("dismiss(animated:completion:) SLComposeViewController") }.count == 2,
                "the Cancel button, then back: both dismiss the sheet")
    }
}
