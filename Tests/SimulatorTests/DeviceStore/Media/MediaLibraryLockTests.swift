import Core
import Foundation
@testable import AppRuntime
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation
import Testing

/// The library's writers' lock is the bounded ``FileLock``: a call that cannot get it fails after
/// the bound, naming the holder, with nothing added (virtual time: no real waiting).
@Suite struct MediaLibraryLockTests {
    func holder(_ sandbox: MediaSandbox) -> FileLock {
        FileLock(path: sandbox.mediaFolder.appendingPathComponent(MediaLibrary.lockFileName), holderName: "simctl addmedia",
                 waiting: VirtualLockWaiting(), timeoutSeconds: 10)
    }

    @Test func aHeldLockMakesAnImportFailAfterTheBoundNamingTheHolder() throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open()
        let waiting = VirtualLockWaiting()
        let library = try MediaLibrary(mediaFolder: sandbox.mediaFolder, fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                                       random: SplitMix64(seed: 2), access: .readWrite, lockWaiting: waiting,
                                       lockTimeoutSeconds: 3, processName: "simctl addmedia")
        let lock = holder(sandbox)
        let photo = try MediaSandbox.source("gradient_40x30.png")
        let error = try lock.withLock(.exclusive, mapError: { $0 }) { () throws(LockError) -> MediaLibraryError? in
            do throws(MediaLibraryError) {
                _ = try library.add([photo])
                return nil
            } catch {
                return error
            }
        }
        let expected = MediaLibraryError.lockTimedOut(path: lock.path, timeoutSeconds: 3, holder: "pid \(getpid()) simctl addmedia")
        #expect(error == expected)
        #expect(waiting.monotonicSeconds >= 3 && waiting.monotonicSeconds < 3.1)
        #expect(waiting.pauseCount > 5, "it waited in steps: \(waiting.pauseCount)")
        #expect(SimctlError.media(expected).exitCode == 75)
        #expect(expected.description.hasPrefix("Timed out after 3 s waiting for the lock \(lock.path): it is held by pid"))
        #expect(expected.description.hasSuffix("No photo was added or removed."))
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
        #expect(try library.add([try MediaSandbox.source("gradient_40x30.png")]).count == 1, "the lock is free again")
    }

    @Test func aHeldLockMakesAWritingOpenFailAfterTheBound() throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open()
        let lock = holder(sandbox)
        let error = try lock.withLock(.exclusive, mapError: { $0 }) { () throws(LockError) -> MediaLibraryError? in
            do throws(MediaLibraryError) {
                _ = try sandbox.open(access: .readWrite)
                return nil
            } catch {
                return error
            }
        }
        #expect(error == .lockTimedOut(path: lock.path, timeoutSeconds: DeviceSet.defaultLockTimeoutSeconds,
                                       holder: "pid \(getpid()) simctl addmedia"))
        let readable = try lock.withLock(.exclusive, mapError: { $0 }) { () throws(LockError) -> Bool in
            (try? sandbox.open(access: .readOnly).assets().isEmpty) == true
        }
        #expect(readable, "a reading open takes no lock")
    }

    @Test func aSymbolicLinkAtTheLockFileIsNotFollowed() throws {
        let sandbox = try MediaSandbox()
        _ = try sandbox.open()
        let outside = sandbox.folder.appendingPathComponent("elsewhere")
        let lockPath = sandbox.mediaFolder.appendingPathComponent(MediaLibrary.lockFileName)
        try sandbox.fileSystem.removeItem(at: lockPath)
        #expect(symlink(outside, lockPath) == 0)
        #expect(throws: MediaLibraryError.self) { try sandbox.open(access: .readWrite) }
        #expect(!sandbox.fileSystem.fileExists(at: outside), "nothing was created through the link")
    }

    @Test func anUnopenableLockFileIsNamed() {
        let error = MediaLibraryError.locking(.unavailable(.permissionDenied(path: "/set/D/data/Media/.MediaLibrary.lock")))
        #expect(error == .lockUnavailable(.permissionDenied(path: "/set/D/data/Media/.MediaLibrary.lock")))
        #expect(error.description.contains("/set/D/data/Media/.MediaLibrary.lock"))
        #expect(SimctlError.media(error).exitCode == 74)
    }
}
