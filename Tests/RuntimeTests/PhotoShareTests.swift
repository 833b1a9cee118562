import Apps
import Core
import Platform
import Simulator
import Testing

@Suite("Runtime: PhotoShare (seed 003)")
struct PhotoShareTests {
    /// PhotoShare on a device whose library holds a 400x300 and a 300x400 photo, with the Twitter
    /// account the text's share flow needs (iOS 11 and later have none: a scenario's
    /// `socialServices`).
    func sandbox(seed: UInt64 = 1, photos: PrivacyAuthorization? = .granted,
                 infoPlist: ((inout [String: String]) -> Void)? = nil) throws -> RuntimeSandbox {
        let sandbox = try RuntimeSandbox(seed: seed, photoCount: 0, definition: PhotoShare.definition, infoPlist: infoPlist)
        _ = try sandbox.device.mediaLibrary.add([
            MediaSource(path: "landscape.jpg", data: try RuntimeSandbox.jpeg(width: 400, height: 300)),
            MediaSource(path: "portrait.jpg", data: try RuntimeSandbox.jpeg(width: 300, height: 400)),
        ])
        sandbox.device.privacy[.photos] = photos
        sandbox.device.setComposeService(.twitter, available: true)
        return sandbox
    }

    func identifiers(_ sandbox: RuntimeSandbox) throws -> [String] {
        try sandbox.device.mediaLibrary.assets().map(\.localIdentifier)
    }

    func labels(_ host: AppHost) -> [String] { host.visibleElements.map(\.label) }

    @Test func theFirstLaunchAsksForThePhotosThenShowsEveryPhotoWithFinalThumbnails() throws {
        let sandbox = try sandbox(photos: nil)
        let host = sandbox.host
        try host.launch()
        #expect(host.promptTitle == "“PhotoShare” Would Like to Access Your Photos")
        #expect(labels(host).contains(PhotoShare.usageDescription))
        try host.tap("Allow Full Access")
        let cells = host.visibleElements.filter { $0.kind == .cell }
        #expect(cells.map(\.label) == ["Photo 1", "Photo 2"])
        #expect(cells.map(\.identifier) == (try identifiers(sandbox)).map(Optional.some))
        #expect(cells.map(\.value) == ["final", "final"])
        #expect(cells.map { $0.image?.bitmap.width } == [133, 100], "100x100 aspect-fill covers the cell")
        #expect(cells.map { $0.image?.bitmap.height } == [100, 133])
        #expect(host.trace.lines.contains { $0.hasSuffix("image request #1 IMG_0001.JPG 100x100 aspectFill opportunistic") })
    }

    @Test func theGridShowsTheDegradedThumbnailThenTheFinalOne() throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        host.settleWindow = .zero
        try host.launch()
        var shown: [String] = []
        func note() { if let value = sandbox.element("Photo 1")?.value, shown.last != value { shown.append(value) } }
        note()
        while let deadline = host.world.scheduler.nextTimerDeadline {
            try host.world.scheduler.advance(to: deadline)
            note()
            if shown.last == "degraded" {
                #expect(sandbox.element("Photo 1")?.image?.bitmap.width == 34, "a quarter of the final 133 pixels")
            }
        }
        #expect(shown == ["loading", "degraded", "final"])
    }

    @Test func aPhotoOpensAtFullSize() throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 2")
        #expect(host.topScreen?.title == "Photo")
        #expect(sandbox.element("photo")?.value == "300x400")
        #expect(host.trace.lines.contains { $0.hasSuffix("image request #3 IMG_0002.JPG 300x400 aspectFill highQualityFormat") })
        #expect(host.trace.lines.filter { $0.contains("image result #3") && !$0.contains("run main") }.count == 1)
    }

    @Test(arguments: [(ComposeResult.done, "Tweeted", AssetAction.shared), (.cancelled, "Cancelled", .cancelled)])
    func tweetingRecordsTheResultWithTheAssetsIdentifier(result: ComposeResult, title: String, action: AssetAction) throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 1")
        try host.tap("Tweet")
        let sheet = try #require(host.presented?.screen as? ComposeViewController)
        #expect(sheet.serviceType == .twitter)
        #expect(sheet.images.map(\.width) == [400])
        #expect(labels(host).contains(photoShareInitialText))
        try host.completeCompose(result)
        #expect(host.presented == nil, "the sheet dismisses itself")
        try host.back()
        let row = try #require(sandbox.element("shared-1"))
        #expect(row.label == title)
        #expect(row.value == (try identifiers(sandbox))[0])
        let log = try AssetReferenceLog(path: AssetReferenceLog.path(containerPath: sandbox.device.containerPath),
                                        clock: ManualClock(now: RuntimeDevice.epochDate))
        defer { log.close() }
        #expect(try log.references().map(\.action) == [action])
        #expect(try log.references().map(\.identifier.rawValue) == [try identifiers(sandbox)[0]])
    }

    @Test func thePostAndCancelButtonsCompleteTheSheetToo() throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 1")
        try host.tap("Tweet")
        try host.tap("Post")
        try host.tap("Tweet")
        try host.tap("Cancel")
        try host.tap("Tweet")
        try host.back()
        #expect(host.presented == nil, "back leaves the sheet as Cancel does")
        try host.back()
        #expect(sandbox.element("shared-1")?.label == "Tweeted")
        #expect(sandbox.element("shared-2")?.label == "Cancelled")
        #expect(sandbox.element("shared-3")?.label == "Cancelled")
    }

    @Test func aDeviceOfIOS11OrLaterHasNoSocialServiceAndOneBeforeHasThemAll() {
        #expect(ComposeServiceType.available(onSystemVersion: "17.5").isEmpty)
        #expect(ComposeServiceType.available(onSystemVersion: "11.0").isEmpty)
        #expect(ComposeServiceType.available(onSystemVersion: "10.3") == Set(ComposeServiceType.all))
    }

    @Test func anUnavailableServiceShowsTheAppsDialogAndRecordsNothing() throws {
        let sandbox = try sandbox()
        sandbox.device.setComposeService(.twitter, available: false)
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 1")
        try host.tap("Tweet")
        #expect(host.presentedStyle == "alert")
        #expect(labels(host).starts(with: ["Twitter Unavailable", "Sign in to a Twitter account in Settings to tweet this photo."]))
        try host.tap("OK")
        try host.back()
        #expect(sandbox.element("shared-1") == nil)
    }

    @Test func theSharedListSurvivesARelaunch() throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 2")
        try host.tap("Tweet")
        try host.completeCompose(.done)
        try host.kill()
        try host.launch()
        #expect(host.promptTitle == nil, "the answer is kept")
        let row = try #require(sandbox.element("shared-1"))
        #expect(row.label == "Tweeted")
        #expect(row.value == (try identifiers(sandbox))[1])
        #expect(row.image?.bitmap.height == 133)
    }

    @Test func aRemovedPhotoIsShownAsGoneAfterARelaunch() throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 1")
        try host.tap("Tweet")
        try host.completeCompose(.done)
        let removed = try identifiers(sandbox)[0]
        _ = try sandbox.device.mediaLibrary.remove(localIdentifiers: [removed])
        try host.kill()
        try host.launch()
        #expect(host.state == .active)
        #expect(host.visibleElements.filter { $0.label.hasPrefix("Photo ") }.count == 1)
        let row = try #require(sandbox.element("shared-1"))
        #expect(row.label == "Tweeted: no longer in your library")
        #expect(row.value == removed)
        #expect(row.image == nil)
    }

    @Test func aPhotoRemovedWhileTheGridShowsItOpensAsGone() throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        try host.launch()
        _ = try sandbox.device.mediaLibrary.remove(localIdentifiers: [try identifiers(sandbox)[0]])
        try host.tap("Photo 1")
        #expect(sandbox.element("error")?.label == "This photo is no longer in your library.")
        #expect(sandbox.element("Tweet")?.isEnabled == false)
        #expect(host.state == .active)
    }

    @Test func withLimitedAccessTheGridShowsOnlyTheSelectedPhotos() throws {
        let sandbox = try sandbox(photos: nil)
        try sandbox.device.selectLimitedLibrary(indices: [1])
        let host = sandbox.host
        try host.launch()
        try host.tap("Limit Access…")
        let cells = host.visibleElements.filter { $0.kind == .cell }
        #expect(cells.map(\.identifier) == [try identifiers(sandbox)[1]])
    }

    @Test func deniedAccessSaysSoAndShowsNoPhotos() throws {
        let sandbox = try sandbox(photos: nil)
        let host = sandbox.host
        try host.launch()
        try host.tap("Don’t Allow")
        #expect(sandbox.element("noAccess") != nil)
        #expect(host.visibleElements.filter { $0.kind == .cell }.isEmpty)
    }

    @Test func withoutItsUsageDescriptionTheLaunchIsTheTCCCrash() throws {
        let sandbox = try sandbox(photos: nil, infoPlist: { $0["NSPhotoLibraryUsageDescription"] = nil })
        try sandbox.host.launch()
        guard case .crashed(.privacyViolation(let reason)) = sandbox.host.state else {
            Issue.record("expected a TCC crash, got \(sandbox.host.state)")
            return
        }
        #expect(reason.contains("must contain an NSPhotoLibraryUsageDescription key"))
    }

    @Test func nothingOutlivesTheFullSizeViewOrTheSheet() throws {
        let sandbox = try sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 1")
        try host.tap("Tweet")
        try host.completeCompose(.done)
        try host.back()
        #expect(try host.leaks().isEmpty)
    }

    @Test func theSameSeedGivesTheSameTrace() throws {
        func run() throws -> String {
            let sandbox = try sandbox(seed: 9, photos: nil)
            let host = sandbox.host
            try host.launch()
            try host.tap("Allow Full Access")
            try host.tap("Photo 2")
            try host.tap("Tweet")
            try host.completeCompose(.cancelled)
            try host.back()
            try host.kill()
            try host.launch()
            return host.trace.text
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.contains("image result #1 IMG_0001.JPG 34x25 degraded"))
    }
}

private let photoShareInitialText = "A photo from my library, shared with PhotoShare."
