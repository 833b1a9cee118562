import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

/// What a device's durability and a process's end do to the app's SQLite store.
@Suite("Runtime: store syncs and the end of a process")
struct StoreLifetimeTests {
    static let storePath = "Library/Application Support/Locations.sqlite"

    /// A durable device's store syncs its commits; a scratch one's (a scenario's temporary
    /// device) skips every sync, as the device's other files do, and still saves.
    @Test(arguments: [(FileDurability.durable, true), (.scratch, false)])
    func aStoreSyncsOnlyOnADurableDevice(durability: FileDurability, syncs: Bool) throws {
        let sandbox = try RuntimeSandbox(durability: durability)
        try sandbox.addLocationWithPhoto(description: "Beach")
        try sandbox.host.kill()

        #expect((sandbox.host.faults.storeSyncCount > 0) == syncs, "\(sandbox.host.faults.storeSyncCount) syncs")
        #expect(try CrashPointRecoveryTests.locations(sandbox).map(\.locationDescription) == ["Beach"])
    }

    /// Skipping syncs on a scratch device does not skip faults: an injected fsync failure of the
    /// store still fails the save and keeps the old photo.
    @Test func aScratchDevicesStoreStillFailsAnInjectedSync() throws {
        let sandbox = try RuntimeSandbox(durability: .scratch)
        let host = sandbox.host
        try sandbox.addLocationWithPhoto(description: "Beach")
        let photoPath = sandbox.containerPath("Documents/Photo-1.jpg")
        let old = try sandbox.fileSystem.contents(of: photoPath)
        let rule = FaultRule(kind: .fsyncFailure, operation: .sync, pathPattern: Self.storePath + "*")
        host.faults.inject(rule)
        try CrashPointRecoveryTests.replacePhoto(of: "Beach", in: sandbox)

        #expect(host.visibleElements.first?.label == "Could Not Save")
        let synced = host.faults.firedFaults.compactMap { event -> String? in
            guard case .faultInjected(.fsyncFailure, .sync, let path, .rule(rule)) = event else { return nil }
            return path
        }
        #expect(synced.count == 1 && synced.allSatisfy { $0.hasPrefix(Self.storePath) }, "\(host.faults.firedFaults)")
        #expect(try sandbox.fileSystem.contents(of: photoPath) == old)
    }

    /// A killed (or crashed) process runs no clean close: its store's WAL stays on disk, not
    /// checkpointed, and the next launch recovers the committed rows from it.
    @Test func aKilledProcessLeavesItsWriteAheadLogForTheNextLaunch() throws {
        let sandbox = try RuntimeSandbox()
        try sandbox.addLocationWithPhoto(description: "Beach")
        let walBytes = try sandbox.fileSystem.sizeOfItem(at: sandbox.containerPath(Self.storePath + "-wal"))
        try sandbox.host.kill()

        #expect(sandbox.fileExists(Self.storePath + "-wal"), "a kill does not delete the WAL")
        #expect(try sandbox.fileSystem.sizeOfItem(at: sandbox.containerPath(Self.storePath + "-wal")) == walBytes)
        try sandbox.host.launch()
        try sandbox.host.tap("Locations")
        #expect(sandbox.element("Beach") != nil, "the committed row is read back from the WAL")
    }

    /// A graceful termination closes the store: SQLite checkpoints the WAL into the database
    /// and deletes it.
    @Test func aTerminatedProcessClosesItsStore() throws {
        let sandbox = try RuntimeSandbox()
        try sandbox.addLocationWithPhoto(description: "Beach")
        try sandbox.host.terminate()

        #expect(!sandbox.fileExists(Self.storePath + "-wal"), "a clean close checkpoints and deletes the WAL")
        #expect(try CrashPointRecoveryTests.locations(sandbox).map(\.locationDescription) == ["Beach"])
    }
}
