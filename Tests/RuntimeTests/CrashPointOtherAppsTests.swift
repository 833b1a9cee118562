import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

/// LootLogger's image store and PhotoShare's asset references killed at each of their crash
/// points, then relaunched from disk: what was committed is there, what was not is absent, no
/// temporary file is left where the app would read it, and every checker holds.
@Suite("Runtime: crash points of LootLogger and PhotoShare")
struct CrashPointOtherAppsTests {
    /// The files in Documents that are not hidden temporaries, sorted.
    static func visibleDocuments(_ sandbox: RuntimeSandbox) throws -> [String] {
        try CrashPointRecoveryTests.documents(sandbox).filter { !$0.hasPrefix(".") }
    }

    /// Storing a picked photo under the item's key, killed at each point: before the rename the
    /// item has no photo file yet; after the write it does. The item itself lives only in the
    /// archive written on entering the background (the seed's behaviour), so after a kill in the
    /// foreground the relaunched app lists no item, and a later pick works as on a fresh start.
    @Test(arguments: [(CrashPoint.imageStoreWriteBeforeRename, false), (.imageStoreWriteAfterWrite, true)])
    func lootLoggerKilledWhileStoringAPhoto(point: CrashPoint, photoOnDisk: Bool) throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let host = sandbox.host
        try host.launch()
        try host.tap("Add")
        let key = try LootLoggerTests.itemKey(sandbox)
        try host.tap("Item 1")
        try host.tap("Camera")
        try host.tap("Photo Library")
        host.faults.arm(point)
        try host.pickPhoto(index: 0)
        #expect(host.state == .killed)
        #expect(sandbox.fileExists("Documents/\(key)") == photoOnDisk)

        try host.launch()
        #expect(DeviceCheckup(host: host).run() == nil)
        try LootLoggerTests.addItemWithLibraryPhoto(sandbox)
        #expect(DeviceCheckup(host: host).run() == nil)
        #expect(try Self.visibleDocuments(sandbox).count == (photoOnDisk ? 2 : 1))
    }

    @Test func lootLoggerKilledWhileDeletingAPhotoHasNoPhotoForTheItemAfterRelaunch() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let host = sandbox.host
        try LootLoggerTests.addItemWithLibraryPhoto(sandbox)
        try host.pressHome()
        try host.activate()
        let key = try LootLoggerTests.itemKey(sandbox)
        host.faults.arm(.imageStoreDeleteAfterRemove)
        try host.swipe(from: "Item 1")
        try host.tap("Delete")
        #expect(host.state == .killed)
        #expect(!sandbox.fileExists("Documents/\(key)"))

        try host.launch()
        #expect(DeviceCheckup(host: host).run() == nil)
        // The archive still lists the item (it was written on entering the background): its
        // photo is gone, and the app shows the item without one, as the seed's lazy load does.
        try host.tap("Item 1")
        #expect(sandbox.element("photo")?.image == nil)
    }

    @Test(arguments: [(CrashPoint.assetsRecordBeforeInsert, false), (.assetsRecordAfterCommit, true)])
    func photoShareKilledWhileRecordingAShare(point: CrashPoint, recorded: Bool) throws {
        let sandbox = try PhotoShareTests().sandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Photo 1")
        try host.tap("Tweet")
        host.faults.arm(point)
        try host.completeCompose(.done)
        #expect(host.state == .killed)

        try host.launch()
        #expect(DeviceCheckup(host: host).run() == nil)
        #expect((sandbox.element("shared-1")?.label == "Tweeted") == recorded)
        let log = try AssetReferenceLog(path: AssetReferenceLog.path(containerPath: sandbox.device.containerPath),
                                        clock: ManualClock(now: RuntimeDevice.epochDate))
        defer { log.close() }
        #expect(try log.references().count == (recorded ? 1 : 0))
    }
}
