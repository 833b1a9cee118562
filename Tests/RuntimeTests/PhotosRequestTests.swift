import Core
import Platform
import Simulator
import Testing

@Suite("Runtime: Photos image requests")
struct PhotosRequestTests {
    /// A probe app on a device whose library holds 80x60 and 88x60 photos, with `answer` for photos,
    /// launched and with the library fetched.
    func launchedProbe(answer: PrivacyAuthorization? = .granted, seed: UInt64 = 1) throws -> (RuntimeSandbox, PhotosProbeApp) {
        let box = PhotosProbeBox()
        let sandbox = try RuntimeSandbox(seed: seed, definition: box.definition())
        sandbox.device.privacy[.photos] = answer
        try sandbox.host.launch()
        try sandbox.host.tap("Fetch")
        return (sandbox, try #require(box.app))
    }

    @Test func opportunisticCallsTwiceADegradedSmallerResultFirstThenTheFinalOne() throws {
        let (sandbox, app) = try launchedProbe()
        try sandbox.host.tap("Request")
        #expect(app.requestIDs == [ImageRequestID(rawValue: 1)])
        #expect(app.resultsAtReturn == [0], "no result arrives before requestImage returns")
        #expect(app.results.map(\.info.isDegraded) == [true, false])
        #expect(app.results.map(\.width) == [10, 40])
        #expect(app.results.map(\.height) == [8, 30])
        #expect(app.results.allSatisfy { $0.info.requestID == app.requestIDs[0] && $0.info.error == nil })
        #expect(app.results[0].info.keys == ["PHImageResultIsDegradedKey", "PHImageResultRequestIDKey"])
    }

    @Test(arguments: [
        (ImageRequestOptions.DeliveryMode.highQualityFormat, 40, 30),
        (.fastFormat, 10, 8),
    ])
    func highQualityAndFastCallOnceNotDegraded(mode: ImageRequestOptions.DeliveryMode, width: Int, height: Int) throws {
        let (sandbox, app) = try launchedProbe()
        app.plan.deliveryMode = mode
        try sandbox.host.tap("Request")
        #expect(app.results.count == 1)
        #expect(app.results.first?.info.isDegraded == false)
        #expect(app.results.first?.width == width)
        #expect(app.results.first?.height == height)
    }

    @Test(arguments: [
        (ImageTargetSize(width: 40, height: 40), ImageContentMode.aspectFit, 40, 30),
        (ImageTargetSize(width: 40, height: 40), .aspectFill, 53, 40),
        (ImageTargetSize(width: 20, height: 60), .aspectFit, 20, 15),
        (ImageTargetSize(width: 20, height: 60), .aspectFill, 80, 60),
        (ImageTargetSize(width: 400, height: 400), .aspectFill, 80, 60),
        (ImageTargetSize.maximumSize, .aspectFit, 80, 60),
        (ImageTargetSize.maximumSize, .aspectFill, 80, 60),
    ])
    func fitFitsInsideFillCoversAndNothingIsScaledUp(target: ImageTargetSize, mode: ImageContentMode,
                                                      width: Int, height: Int) throws {
        let (sandbox, app) = try launchedProbe()
        app.plan = PhotosProbeApp.RequestPlan(assetIndex: 0, targetSize: target, contentMode: mode,
                                              deliveryMode: .highQualityFormat)
        try sandbox.host.tap("Request")
        #expect(app.results.first?.width == width)
        #expect(app.results.first?.height == height)
    }

    @Test func resultsArriveOnTheMainQueueAfterASeededLatency() throws {
        let (sandbox, _) = try launchedProbe()
        try sandbox.host.tap("Request")
        let lines = sandbox.host.trace.lines
        let request = try #require(lines.firstIndex { $0.hasSuffix("image request #1 IMG_0001.JPG 40x40 aspectFit opportunistic") })
        let degraded = try #require(lines.firstIndex { $0.hasSuffix("run main: image result #1 degraded") })
        let final = try #require(lines.firstIndex { $0.hasSuffix("run main: image result #1") })
        #expect(request < degraded && degraded < final)
        #expect(lines[degraded + 1].hasSuffix("image result #1 IMG_0001.JPG 10x8 degraded"))
        #expect(lines[final + 1].hasSuffix("image result #1 IMG_0001.JPG 40x30"))
    }

    @Test func requestIDsArePositiveAndDistinct() throws {
        let (sandbox, app) = try launchedProbe()
        try sandbox.host.tap("Request")
        try sandbox.host.tap("Request")
        #expect(app.requestIDs.map(\.rawValue) == [1, 2])
        #expect(!app.requestIDs.contains(.invalid))
        #expect(ImageRequestID.invalid.rawValue == 0)
    }

    @Test func aCancelledRequestIsNotCalledAgain() throws {
        let (sandbox, app) = try launchedProbe()
        sandbox.host.settleWindow = .zero
        try sandbox.host.tap("Request")
        try sandbox.host.tap("Cancel Last")
        sandbox.host.settleWindow = .seconds(10)
        try sandbox.host.settle()
        #expect(app.results.isEmpty)
        #expect(sandbox.host.trace.lines.contains { $0.hasSuffix("image request #1 cancelled") })
    }

    @Test func aRemovedAssetGetsOneCallWithNoImageAndTheNotFoundError() throws {
        let (sandbox, app) = try launchedProbe()
        let removed = app.fetched[0].localIdentifier
        _ = try sandbox.device.mediaLibrary.remove(localIdentifiers: [removed])
        try sandbox.host.tap("Request")
        #expect(app.results.count == 1)
        let info = try #require(app.results.first?.info)
        #expect(app.results.first?.width == nil)
        #expect(info.isDegraded == false)
        #expect(info.error?.domain == "PHPhotosErrorDomain")
        #expect(info.error?.code == 3201)
        #expect(info.keys.contains("PHImageErrorKey"))
        #expect(sandbox.host.state == .active)
    }

    @Test func fetchingByIdentifierSkipsARemovedAssetAlsoAfterARelaunch() throws {
        let box = PhotosProbeBox()
        let sandbox = try RuntimeSandbox(definition: box.definition())
        sandbox.device.privacy[.photos] = .granted
        try sandbox.host.launch()
        try sandbox.host.tap("Fetch")
        let identifiers = try #require(box.app).fetched.map(\.localIdentifier)
        _ = try sandbox.device.mediaLibrary.remove(localIdentifiers: [identifiers[0]])
        try sandbox.host.kill()
        try sandbox.host.launch()
        let app = try #require(box.app)
        app.identifiersToFetch = [identifiers[1], identifiers[0], "not-an-identifier"]
        try sandbox.host.tap("Fetch By Identifier")
        #expect(app.fetched.map(\.localIdentifier) == [identifiers[1]])
        #expect(sandbox.host.state == .active)
    }

    @Test func fetchesAreOldestFirstAndByIdentifierKeepTheAskedOrder() throws {
        let (sandbox, app) = try launchedProbe()
        #expect(app.fetched.map(\.pixelWidth) == [80, 88])
        #expect(app.fetched.allSatisfy { $0.mediaType == .image })
        app.identifiersToFetch = app.fetched.map(\.localIdentifier).reversed()
        try sandbox.host.tap("Fetch By Identifier")
        #expect(app.fetched.map(\.pixelWidth) == [88, 80])
    }

    @Test func withLimitedAccessFetchesAndRequestsSeeOnlyTheSelectedAssets() throws {
        let (sandbox, app) = try launchedProbe()
        let all = app.fetched
        sandbox.device.privacy[.photos] = .limited
        try sandbox.device.selectLimitedLibrary(indices: [-1])
        try sandbox.host.tap("Request")
        #expect(app.results.count == 1, "the unselected asset held from before is refused once")
        #expect(app.results.first?.info.error?.code == 3311)
        try sandbox.host.tap("Fetch")
        #expect(app.fetched == [all[1]])
        app.identifiersToFetch = all.map(\.localIdentifier)
        try sandbox.host.tap("Fetch By Identifier")
        #expect(app.fetched == [all[1]])
        try sandbox.device.selectLimitedLibrary(localIdentifiers: [all[0].localIdentifier])
        try sandbox.host.tap("Fetch")
        #expect(app.fetched == [all[0]])
        #expect(throws: RuntimeError.unknownAsset(localIdentifier: "nope")) {
            try sandbox.device.selectLimitedLibrary(localIdentifiers: ["nope"])
        }
    }

    @Test func decodedResultsCountInTheAppsMemory() throws {
        let (sandbox, app) = try launchedProbe()
        let before = sandbox.host.memoryFootprintBytes
        app.plan.targetSize = .maximumSize
        try sandbox.host.tap("Request")
        #expect(app.lastImage?.width == 80)
        #expect(sandbox.host.memoryFootprintBytes - before == 80 * 60 * 3, "the final full-size bitmap the app keeps")
        #expect(sandbox.host.peakMemoryFootprintBytes >= before + 80 * 60 * 3)
    }

    @Test func theSameSeedGivesTheSameTrace() throws {
        func run() throws -> String {
            let (sandbox, _) = try launchedProbe(seed: 42)
            try sandbox.host.tap("Request")
            try sandbox.host.tap("Request")
            return sandbox.host.trace.digest
        }
        #expect(try run() == run())
    }
}
