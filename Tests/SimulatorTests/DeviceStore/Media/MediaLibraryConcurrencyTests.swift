import Core
import Foundation
@testable import AppRuntime
@testable import DeviceStore
import Synchronization
import Testing

/// Two libraries on one Media folder, on two threads, as two `simctl addmedia` processes would be.
///
/// Each write pauses briefly (``PausingFileSystem``) so the two calls overlap between reading the
/// counter and committing, where a missing lock would show: without it these tests fail. The
/// lock and the database wait for real here (``SleepingLockWaiting``), as the command line's do.
@Suite struct MediaLibraryConcurrencyTests {
    @Test func twoWritersAtOnceLoseNothingAndShareNoName() throws {
        let sandbox = try MediaSandbox()
        let mediaFolder = sandbox.mediaFolder
        let data = try sandbox.jpeg(width: 16, height: 16)
        _ = try sandbox.open()  // create the library before the race, as the device set does
        let batchesPerWriter = 40, photosPerBatch = 2
        let results = Mutex<[Result<[MediaAsset], MediaLibraryError>]>([])

        onTwoThreads { writer in
            let outcome = Result { () throws(MediaLibraryError) -> [MediaAsset] in
                let library = try MediaLibrary(mediaFolder: mediaFolder, fileSystem: PausingFileSystem(),
                                               clock: ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000)),
                                               random: SplitMix64(seed: UInt64(writer + 1)),
                                               databaseBusy: .waiting(SleepingLockWaiting(), timeoutSeconds: 60),
                                               lockWaiting: SleepingLockWaiting(), lockTimeoutSeconds: 60)
                var added: [MediaAsset] = []
                for batch in 0..<batchesPerWriter {
                    let sources = (0..<photosPerBatch).map { MediaSource(path: "w\(writer)-b\(batch)-\($0).jpg", data: data) }
                    added += try library.add(sources)
                }
                return added
            }
            results.withLock { $0.append(outcome) }
        }

        let added = try results.withLock { outcomes in try outcomes.flatMap { try $0.get() } }
        let total = 2 * batchesPerWriter * photosPerBatch
        #expect(added.count == total)
        #expect(Set(added.map(\.fileName)).count == total)
        #expect(Set(added.map(\.localIdentifier)).count == total)
        let library = try sandbox.open(seed: 99)
        #expect(try library.assets().count == total)
        #expect(try sandbox.cameraRollFiles().count == total)
        #expect(Set(try library.assets().map(\.fileName)) == Set((1...total).map { String(format: "IMG_%04d.JPG", $0) }))
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func aWriterAndARemoverAtOnceStayConsistent() throws {
        let sandbox = try MediaSandbox()
        let mediaFolder = sandbox.mediaFolder
        let data = try sandbox.jpeg(width: 16, height: 16)
        let rounds = 30
        let failures = Mutex<[String]>([])

        onTwoThreads { writer in
            do throws(MediaLibraryError) {
                let library = try MediaLibrary(mediaFolder: mediaFolder, fileSystem: PausingFileSystem(),
                                               clock: ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000)),
                                               random: SplitMix64(seed: UInt64(writer + 1)),
                                               databaseBusy: .waiting(SleepingLockWaiting(), timeoutSeconds: 60),
                                               lockWaiting: SleepingLockWaiting(), lockTimeoutSeconds: 60)
                for round in 0..<rounds {
                    let added = try library.add([MediaSource(path: "w\(writer)-\(round).jpg", data: data)])
                    if writer == 1 { _ = try library.remove(localIdentifiers: added.map(\.localIdentifier)) }
                }
            } catch {
                failures.withLock { $0.append(error.description) }
            }
        }

        #expect(failures.withLock { $0 }.isEmpty)
        let library = try sandbox.open(seed: 99)
        #expect(try library.assets().map(\.originalFilename).sorted() == (0..<rounds).map { "w0-\($0).jpg" }.sorted())
        #expect(try library.checkInvariants().isEmpty)
        let next = try library.add([MediaSource(path: "last.jpg", data: data)])
        #expect(next.first?.fileName == String(format: "IMG_%04d.JPG", 2 * rounds + 1))
    }
}

/// Runs `body(0)` and `body(1)` on two new threads at once and waits for both.
/// (Not `concurrentPerform`, which may run both on one thread when the pool is busy with other tests.)
private func onTwoThreads(_ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchSemaphore(value: 0)
    for writer in 0..<2 {
        Thread {
            body(writer)
            finished.signal()
        }.start()
    }
    finished.wait()
    finished.wait()
}

/// The real file system, pausing 100 microseconds before each write so concurrent calls overlap.
final class PausingFileSystem: FileSystemWrapper {
    let base: FileSystem = POSIXFileSystem()

    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        usleep(100)
        try base.writeAtomically(data, to: path)
    }

    func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        usleep(100)
        try base.writeAtomicallyDeferred(data, to: path)
    }
}
