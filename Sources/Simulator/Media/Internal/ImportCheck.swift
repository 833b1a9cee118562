import Core
import Dispatch
import Foundation

/// The import check of a whole `add`, run on several cores with bounded memory.
///
/// Each worker claims the next source in order, checks it (``ProbedPhoto``) and stores the
/// result at the source's index; at most ``workerCount(for:)`` files are in memory at once, each
/// at most ``MediaLibrary/maximumFileBytes``, whatever the number of sources. After a failure no
/// new source is claimed; every source before it was already claimed, so the error reported is
/// the first failing source in order, as a one-by-one check would report.
enum ImportCheck {
    /// Most workers, whatever the number of cores: bounds the memory of one `add`.
    static let maximumWorkerCount = 4

    /// Checks every source, in parallel; the photos in the order of `sources`.
    static func run(_ sources: [MediaSource], fileSystem: FileSystem) throws(MediaLibraryError) -> [ProbedPhoto] {
        let reader = SerializedFileReader(fileSystem: fileSystem)
        let board = ResultBoard(count: sources.count)
        let workers = workerCount(for: sources.count)
        if workers <= 1 {
            work(sources, reader: reader, board: board)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers) { _ in work(sources, reader: reader, board: board) }
        }
        return try board.photos()
    }

    /// As many workers as cores, at most ``maximumWorkerCount`` and at most one per source.
    static func workerCount(for sourceCount: Int) -> Int {
        max(1, min(sourceCount, ProcessInfo.processInfo.activeProcessorCount, maximumWorkerCount))
    }

    private static func work(_ sources: [MediaSource], reader: SerializedFileReader, board: ResultBoard) {
        while let index = board.claim() {
            let source = sources[index]
            do throws(MediaLibraryError) {
                let photo: ProbedPhoto
                switch source.content {
                case .file: photo = try ProbedPhoto(checkingFile: source, reader: reader)
                case .bytes(let data): photo = try ProbedPhoto(source, data: data)
                }
                board.store(.success(photo), at: index)
            } catch {
                board.store(.failure(error), at: index)
            }
        }
    }
}

/// The shared state of the workers: the next index to claim and each source's result.
private final class ResultBoard: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<ProbedPhoto, MediaLibraryError>?]
    private var nextIndex = 0
    private var failed = false

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    /// The next source to check, or `nil` when all are claimed or one has failed.
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !failed, nextIndex < results.count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ result: Result<ProbedPhoto, MediaLibraryError>, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        if case .failure = result { failed = true }
    }

    /// Every photo in order, or the first failure in order.
    func photos() throws(MediaLibraryError) -> [ProbedPhoto] {
        var photos: [ProbedPhoto] = []
        photos.reserveCapacity(results.count)
        for result in results {
            guard let result else { break }
            photos.append(try result.get())
        }
        precondition(photos.count == results.count, "the import check left a source unchecked without a failure")
        return photos
    }
}
