import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

@Suite("Runtime: PhotoBlobs")
struct PhotoBlobsTests {
    /// A PhotoBlobs sandbox whose camera access is already granted.
    static func sandbox(seed: UInt64 = 1, hasCamera: Bool = true) throws -> RuntimeSandbox {
        let sandbox = try RuntimeSandbox(hasCamera: hasCamera, seed: seed, photoCount: 0, definition: PhotoBlobs.definition)
        sandbox.device.privacy[.camera] = .granted
        return sandbox
    }

    static func capture(_ host: AppHost) throws(RuntimeError) {
        try host.tap("Capture")
        try host.takePhoto()
    }

    /// The app's record store, opened beside the app as a second connection.
    static func records(_ sandbox: RuntimeSandbox) throws -> PhotoRecordStore {
        try PhotoRecordStore(storePath: sandbox.containerPath(PhotoBlobs.storePath), fileSystem: sandbox.fileSystem,
                             clock: ManualClock(now: RuntimeDevice.epochDate), random: SplitMix64(seed: 9))
    }

    /// The epoch's record ID plus `milliseconds`.
    static func id(_ milliseconds: Int64) -> PhotoRecordID {
        PhotoRecordID(millisecondsSince1970: Int64(RuntimeDevice.epochDate.timeIntervalSince1970) * 1_000 + milliseconds)
    }

    @Test func captureSavesAFullSizeAndThumbnailPairAndLoadShowsTheThumbnail() throws {
        let sandbox = try RuntimeSandbox(photoCount: 0, definition: PhotoBlobs.definition)
        let host = sandbox.host
        try host.launch()
        try host.tap("Capture")
        #expect(host.presentedStyle == "fullScreen")
        #expect(host.promptTitle == "“PhotoBlobs” Would Like to Access the Camera")
        try host.tap("OK")
        try host.takePhoto()
        #expect(host.presentedStyle == "none")
        try host.tap("Load")
        #expect(sandbox.element("status")?.label == "1 saved")
        let shown = try #require(sandbox.element("thumbnail")?.image?.bitmap)
        let store = try Self.records(sandbox)
        #expect(try store.recordIDs() == [Self.id(0)])
        let full = try ImageDecoder().decode(try store.fullSizeData(for: Self.id(0)))
        #expect(full.width == 64 && full.height == 48)
        let thumbnail = try ImageDecoder().decode(try #require(try store.latestThumbnail()))
        #expect(thumbnail.width == shown.width && thumbnail.height == shown.height)
        #expect(host.trace.lines.contains { $0.hasSuffix("run PhotoBlobs.convertQueue: convert") })
        #expect(host.trace.lines.contains { $0.hasSuffix("sync PhotoBlobs.saveQueue [barrier]: save") })
    }

    @Test func captureOnACameraLessDeviceTerminatesWithSourceType1NotAvailable() throws {
        let sandbox = try Self.sandbox(hasCamera: false)
        try sandbox.host.launch()
        try sandbox.host.tap("Capture")
        #expect(sandbox.host.state == .crashed(.sourceTypeNotAvailable(.camera)))
    }

    @Test func theRecordTimeIsTakenWhenThePhotoArrivesNotWhenItIsSaved() throws {
        let sandbox = try Self.sandbox()
        let host = sandbox.host
        try host.launch()
        try host.world.scheduler.advance(by: .milliseconds(250))
        try host.holdingBackgroundWork {
            try Self.capture(host)
            try host.world.scheduler.advance(by: .seconds(5))
        }
        #expect(try Self.records(sandbox).recordIDs() == [Self.id(250)])
    }

    @Test func twoSavesAtOneInstantGetDistinctIDsOneMillisecondApart() throws {
        let sandbox = try Self.sandbox()
        let host = sandbox.host
        try host.launch()
        try Self.capture(host)
        try Self.capture(host)
        #expect(try Self.records(sandbox).recordIDs() == [Self.id(0), Self.id(1)])
    }

    @Test func everySeedInterleavesConversionsSavesAndLoadsIntoAConsistentStore() throws {
        var orders: Set<[String]> = []
        for seed: UInt64 in 1...8 {
            let sandbox = try Self.sandbox(seed: seed)
            let host = sandbox.host
            try host.launch()
            try host.holdingBackgroundWork {
                try Self.capture(host)
                try Self.capture(host)
                try host.tap("Load")
            }
            let steps = ["convertQueue: convert", "saveQueue [barrier]: save", "saveQueue: load"]
            orders.insert(host.trace.lines.compactMap { line in steps.first { line.hasSuffix("PhotoBlobs.\($0)") } })
            let status = try #require(sandbox.element("status")?.label)
            #expect(["0 saved", "1 saved", "2 saved"].contains(status), "seed \(seed)")
            #expect((sandbox.element("thumbnail") != nil) == (status != "0 saved"), "seed \(seed)")
            let store = try Self.records(sandbox)
            let ids = try store.recordIDs()
            #expect(ids == [Self.id(0), Self.id(1)], "seed \(seed)")
            for id in ids { #expect(throws: Never.self) { _ = try store.thumbnailData(for: id) } }
            try host.tap("Load")
            #expect(sandbox.element("status")?.label == "2 saved", "seed \(seed): a later load sees every save")
        }
        #expect(orders.allSatisfy { $0.count == 5 && $0.filter { $0 == "saveQueue [barrier]: save" }.count == 2 })
        #expect(orders.count > 1, "different seeds interleave differently: \(orders.sorted { $0.description < $1.description })")
    }

    @Test func aFailedSaveIsTheSeedsFatalError() throws {
        let sandbox = try Self.sandbox()
        let host = sandbox.host
        host.cameraPhotoSize = (1200, 900)
        try host.launch()
        // A file where the store keeps its large blobs: the full-size JPEG cannot be written.
        let external = try Self.records(sandbox).externalDataFolder
        try sandbox.fileSystem.createDirectory(at: external.deletingLastPathComponent)
        try sandbox.fileSystem.writeAtomically(Data("in the way".utf8), to: external)
        try Self.capture(host)
        guard case .crashed(.fatalError(let reason)) = host.state else {
            Issue.record("expected a fatal error, the app is \(host.state)")
            return
        }
        #expect(reason.hasPrefix("Failure to save context: "))
        #expect(host.trace.events.contains { $0.event == .appCrashed(app: "PhotoBlobs", reason: "Fatal error: \(reason)") })
    }
}
