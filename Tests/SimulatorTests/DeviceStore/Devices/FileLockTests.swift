import Apps
import Core
import Foundation
import Testing
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

/// The set's lock: bounded waits that name the holder, with virtual time (no real waiting).
@Suite("File lock")
struct FileLockTests {
    func lock(_ sandbox: DeviceSetSandbox, holder: String, waiting: LockWaiting, timeoutSeconds: Double = 10) throws -> FileLock {
        try sandbox.fileSystem.createDirectory(at: sandbox.set.path)
        return FileLock(path: sandbox.set.path.appendingPathComponent(".lock"), holderName: holder, waiting: waiting,
                        timeoutSeconds: timeoutSeconds)
    }

    @Test func aWaiterGivesUpAfterTheBoundNamingTheExclusiveHolder() throws {
        let sandbox = try DeviceSetSandbox()
        let waiting = VirtualLockWaiting()
        let holder = try lock(sandbox, holder: "simctl addmedia", waiting: VirtualLockWaiting())
        let waiter = try lock(sandbox, holder: "simctl boot", waiting: waiting, timeoutSeconds: 2)
        let error = try holder.withLock(.exclusive, mapError: { $0 }) { () throws(LockError) -> LockError? in
            do throws(LockError) {
                _ = try waiter.withLock(.shared, mapError: { $0 }) { () throws(LockError) in Issue.record("the lock was shared") }
                return nil
            } catch {
                return error
            }
        }
        #expect(error == .timedOut(path: waiter.path, timeoutSeconds: 2, holder: "pid \(getpid()) simctl addmedia"))
        #expect(waiting.monotonicSeconds >= 2 && waiting.monotonicSeconds < 2.1)
        #expect(waiting.pauseCount > 5 && waiting.pauseCount < 100, "pauses back off: \(waiting.pauseCount)")
        #expect(error?.description.contains("Timed out after 2 s waiting for the lock \(waiter.path): "
                                             + "it is held by pid \(getpid()) simctl addmedia.") == true)
    }

    @Test func sharedHoldersShareAndAreNamedFromProcLocks() throws {
        let sandbox = try DeviceSetSandbox()
        let first = try lock(sandbox, holder: "simctl addmedia", waiting: VirtualLockWaiting())
        let second = try lock(sandbox, holder: "simctl addmedia", waiting: VirtualLockWaiting())
        let writer = try lock(sandbox, holder: "simctl erase", waiting: VirtualLockWaiting(), timeoutSeconds: 0.5)
        var ranInside = false
        let error = try first.withLock(.shared, mapError: { $0 }) { () throws(LockError) -> LockError? in
            try second.withLock(.shared, mapError: { $0 }) { () throws(LockError) in ranInside = true }
            do throws(LockError) {
                try writer.withLock(.exclusive, mapError: { $0 }) { () throws(LockError) in }
                return nil
            } catch {
                return error
            }
        }
        #expect(ranInside)
        let me = "pid \(getpid()) (\(try #require(LockHolders.programName(of: getpid()))))"
        // `second` let go when its body returned; `first` still holds it shared.
        #expect(error == .timedOut(path: writer.path, timeoutSeconds: 0.5, holder: "\(me), shared"))
        #expect(error?.description.contains("it is held by \(me), shared.") == true)
    }

    @Test(arguments: [
        // One exclusive holder; a waiter (`->`) and other files' locks are not holders.
        ("""
         1: FLOCK  ADVISORY  WRITE 20039 fe:00:16261160 0 EOF
         1: -> FLOCK  ADVISORY  WRITE 20050 fe:00:16261160 0 EOF
         2: FLOCK  ADVISORY  WRITE 19843 fe:00:16220184 0 EOF
         3: POSIX  ADVISORY  WRITE 19843 fe:00:16261160 0 EOF
         """, "pid 20039 (p20039), exclusively"),
        // Shared holders, sorted by pid, minor numbers as the kernel pads them.
        ("""
         7: FLOCK  ADVISORY  READ 12 fe:00:16261160 0 EOF
         8: FLOCK  ADVISORY  READ 11 fe:0:16261160 0 EOF
         """, "pid 11 (p11) and pid 12 (p12), shared"),
        ("2: FLOCK  ADVISORY  WRITE 19843 fe:00:16220184 0 EOF", nil),
    ] as [(String, String?)])
    func procLocksNamesTheHoldersOfOneFile(table: String, expected: String?) {
        let holders = LockHolders.holders(in: table, device: 0xfe00, inode: 16_261_160)
        #expect(LockHolders.describe(holders, programName: { "p\($0)" }) == expected)
    }

    @Test func aReleasedLockIsFreeAndNamesNobody() throws {
        let sandbox = try DeviceSetSandbox()
        let first = try lock(sandbox, holder: "simctl boot", waiting: VirtualLockWaiting())
        let text = try first.withLock(.exclusive, mapError: { $0 }) { () throws(LockError) -> Data? in
            try? sandbox.fileSystem.contents(of: first.path)
        }
        #expect(text == Data("pid \(getpid()) simctl boot\n".utf8))
        #expect(try sandbox.fileSystem.contents(of: first.path).isEmpty)
        let waiting = VirtualLockWaiting()
        try lock(sandbox, holder: "simctl boot", waiting: waiting, timeoutSeconds: 0).withLock(.exclusive, mapError: { $0 }) {
            () throws(LockError) in
        }
        #expect(waiting.pauseCount == 0)
    }

    @Test func aDeviceSetWhoseLockIsHeldFailsWithExit75() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        let waiting = VirtualLockWaiting()
        let waiter = DeviceSet(path: sandbox.set.path, fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                               random: SplitMix64(seed: 2), lockWaiting: waiting, lockTimeoutSeconds: 3, processName: "simctl boot", apps: ReferenceApps.all)
        let holder = try lock(sandbox, holder: "simctl addmedia", waiting: VirtualLockWaiting())
        let error = try holder.withLock(.exclusive, mapError: { $0 }) { () throws(LockError) -> DeviceSetError? in
            deviceSetError { try waiter.boot(DeviceSelector(udid)) }
        }
        #expect(error == .lockTimedOut(path: holder.path, timeoutSeconds: 3, holder: "pid \(getpid()) simctl addmedia"))
        #expect(error?.simctl().exitCode == 75)
        #expect(try sandbox.set.device(DeviceSelector(udid)).state == .shutdown)
    }
}
