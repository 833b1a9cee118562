import Apps
import Core
import Foundation
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation
import Testing

/// The device set hands its media databases the waiter and the bound of its own lock, as the
/// command line needs when another process holds `Photos.sqlite`.
@Suite struct DeviceSetDatabaseBusyTests {
    /// Only its temporary folder is used; each test makes its own set with its own waiter.
    let sandbox: DeviceSetSandbox
    let fileSystem = POSIXFileSystem()

    init() throws {
        sandbox = try DeviceSetSandbox()
    }

    /// A set whose locks wait through `waiting` for at most half a second of its time.
    func set(_ waiting: VirtualLockWaiting) -> DeviceSet {
        DeviceSet(path: sandbox.folder.appendingPathComponent("WaitingDevices"), fileSystem: fileSystem,
                  clock: ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000)), random: SplitMix64(seed: 3),
                  lockWaiting: waiting, lockTimeoutSeconds: 0.5, apps: ReferenceApps.all)
    }

    /// A booted device with the stock photos, and a JPEG to add.
    func bootedDevice(in set: DeviceSet) throws -> (udid: String, database: String, photo: String) {
        let device = try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil)
        try set.boot(.udid(device.udid))
        let pixels = [UInt8](repeating: 90, count: 8 * 8 * 3)
        let photo = sandbox.folder.appendingPathComponent("photo.jpg")
        try fileSystem.writeAtomically(try JPEGEncoder.encode(Bitmap(width: 8, height: 8, format: .rgb, pixels: pixels), quality: 80),
                                       to: photo)
        return (device.udid.rawValue, device.paths.mediaPath.appendingPathComponent("PhotoData/Photos.sqlite"), photo)
    }

    @Test func addmediaWaitsForTheDatabaseUpToTheLockBoundThenExits75() throws {
        let waiting = VirtualLockWaiting()
        let set = set(waiting)
        let device = try bootedDevice(in: set)
        let other = try SQLiteDatabase(path: device.database)
        try other.execute("BEGIN IMMEDIATE")
        let error = deviceSetError { _ = try set.addMedia(DeviceSelector(device.udid), paths: [device.photo]) }
        guard case .media(.databaseBusy)? = error else {
            Issue.record("expected the database to be busy, got \(String(describing: error))")
            return
        }
        #expect(error?.simctl().exitCode == 75)
        #expect(waiting.pauseCount >= 50, "it paused through the set's waiter for the set's bound, \(waiting.pauseCount) times")
        #expect(waiting.monotonicSeconds >= 0.5)
        try other.execute("ROLLBACK")
    }

    @Test func addmediaGoesOnOnceTheOtherProgramCommits() throws {
        var other: SQLiteDatabase?
        let waiting = VirtualLockWaiting { pause in
            if pause == 2 { try? other?.execute("COMMIT") }
        }
        let set = set(waiting)
        let device = try bootedDevice(in: set)
        other = try SQLiteDatabase(path: device.database)
        try other?.execute("BEGIN IMMEDIATE")
        let added = try set.addMedia(DeviceSelector(device.udid), paths: [device.photo])
        #expect(added.count == 1)
        #expect(waiting.pauseCount == 2)
    }
}
