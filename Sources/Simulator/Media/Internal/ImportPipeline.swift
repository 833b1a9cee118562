import Core
import Dispatch
import Foundation

/// Checks the sources of one `add` on several cores while the calling thread reads and stores
/// them, in order, with a bounded number of photos in memory.
///
/// The calling thread reads source `i` (through the file system, which is used from that thread
/// only), hands its bytes to a worker for the header check and 1/8-scale decode, and once more
/// than ``inFlightLimit`` checks are under way, waits for the oldest and passes it to `store`
/// while the others decode. So reading and storing overlap with decoding on every core, at most
/// ``inFlightLimit`` + 1 files (each at most ``MediaLibrary/maximumFileBytes``) are held at once
/// whatever the number of sources, and
/// `store` sees the photos in the order of the sources. The first refused source in order stops
/// the run with its error, as a one-by-one check would.
enum ImportPipeline {
    /// Most checks under way at once, whatever the number of cores: bounds the memory of one `add`.
    static let maximumInFlight = 4

    /// One check per core while the oldest is stored: at least two, at most ``maximumInFlight``.
    /// Worked out once per process: Foundation reads two cgroup files for every
    /// `activeProcessorCount`, which the loop would otherwise do for every photo.
    static let inFlightLimit = max(2, min(ProcessInfo.processInfo.activeProcessorCount, maximumInFlight))

    /// Reads and checks every source, calling `store` with each photo in order.
    static func run(_ sources: [MediaSource], fileSystem: FileSystem,
                    store: (Int, ProbedPhoto) throws(MediaLibraryError) -> Void) throws(MediaLibraryError) {
        var inFlight: [(index: Int, check: Check)] = []
        defer { for (_, check) in inFlight { check.wait() } }  // never leave a worker behind
        for (index, source) in sources.enumerated() {
            let data = try ProbedPhoto.contents(of: source, fileSystem: fileSystem)
            inFlight.append((index, Check(source, data)))
            if inFlight.count > inFlightLimit {
                let oldest = inFlight.removeFirst()
                try store(oldest.index, try oldest.check.result())
            }
        }
        while !inFlight.isEmpty {
            let oldest = inFlight.removeFirst()
            try store(oldest.index, try oldest.check.result())
        }
    }
}

/// One photo's check, running on a global queue; ``result()`` waits for it.
private final class Check: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<ProbedPhoto, MediaLibraryError>?
    private var waited = false

    init(_ source: MediaSource, _ data: Data) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do throws(MediaLibraryError) {
                outcome = .success(try ProbedPhoto(source, data: data))
            } catch {
                outcome = .failure(error)
            }
            done.signal()
        }
    }

    /// Waits for the check once (the semaphore orders the worker's write before this read).
    func wait() {
        guard !waited else { return }
        done.wait()
        waited = true
    }

    func result() throws(MediaLibraryError) -> ProbedPhoto {
        wait()
        guard let outcome else { preconditionFailure("a finished import check left no result") }
        return try outcome.get()
    }
}
