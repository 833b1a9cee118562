import Core
import Foundation
import PhotoSimTesting
@testable import DeviceStore
@testable import World
import Testing

/// An app keeps `localIdentifier`s (Core's ``AssetReferenceLog``) and resolves them against the
/// device's media library after a relaunch.
@Suite struct MediaLibraryAssetLookupTests {
    @Test func theLibraryKeepsTheLookupContract() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "a.jpg", data: try sandbox.jpeg(width: 40, height: 30)),
                                     MediaSource(path: "b.jpg", data: try sandbox.jpeg(width: 30, height: 40))])
        let present = added.compactMap { AssetIdentifier(rawValue: $0.localIdentifier) }
        let removed = try library.remove(localIdentifiers: [added[1].localIdentifier])
        let absent = removed.compactMap { AssetIdentifier(rawValue: $0.localIdentifier) }
            + [AssetIdentifier(uuid: SplitMix64(seed: 99).makeUUID())]
        #expect(try AssetLookupContract.violations(of: library, present: Array(present.prefix(1)), absent: absent).isEmpty)
        let summary = try #require(try library.assets(for: present)[present[0]])
        #expect(summary.pixelWidth == 40 && summary.pixelHeight == 30)
    }

    @Test func referencesResolveAfterARelaunchAndReportDeletedAssets() throws {
        let sandbox = try MediaSandbox()
        let added = try sandbox.open().add([MediaSource(path: "kept.jpg", data: try sandbox.jpeg(width: 16, height: 16)),
                                            MediaSource(path: "gone.jpg", data: try sandbox.jpeg(width: 16, height: 16))])
        let identifiers = added.compactMap { AssetIdentifier(rawValue: $0.localIdentifier) }
        let logPath = sandbox.folder.appendingPathComponent("References.sqlite")
        do {
            let log = try AssetReferenceLog(path: logPath, clock: sandbox.clock)
            _ = try log.record(.shared, for: identifiers[0])
            _ = try log.record(.cancelled, for: identifiers[1])
        }
        _ = try sandbox.open().remove(localIdentifiers: [added[1].localIdentifier])

        let resolution = try AssetReferenceLog(path: logPath, clock: sandbox.clock).resolve(with: try sandbox.open())
        #expect(resolution.resolved.map(\.reference.identifier) == [identifiers[0]])
        #expect(resolution.missing.map(\.identifier) == [identifiers[1]])
    }
}
