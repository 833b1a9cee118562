import Core
import Dispatch
import Foundation

/// Checks the sources of one `add` on several cores while the calling thread reads and stores
/// them, in order, within a memory budget.
///
/// The calling thread reads source `i` (through the file system, which is used from that thread
/// only), hands its bytes to a worker for the header check and the decode
/// (``ImageDecoder/verify(_:)``), and once more than ``inFlightLimit`` checks are under way,
/// waits for the oldest and passes it to `store` while the others decode. So reading and storing
/// overlap with decoding on every core, and `store` sees the photos in the order of the sources.
///
/// Memory: every file being checked or stored, and what its check takes beside it
/// (``ImageDecoder/verificationCost(of:)``, from its header), counts against
/// ``checkBudgetBytes``. Before reading a file, and again before starting its check, the calling
/// thread stores the oldest photos until the new one fits; one that fits alone is checked alone,
/// and one that could not fit even alone (a HEIC or progressive JPEG with too many pixels: only
/// whole-image decodes grow with the pixel count) is refused with the limit for its kind. So an
/// `add` holds at most the budget whatever the number, size and kind of the photos; checks of
/// photos that cost little (JPEGs of one scan, PNGs, GIFs) still run one per core.
///
/// The first refused source in order stops the run with its error, as a one-by-one check would.
enum ImportPipeline {
    /// Most checks under way at once, whatever the number of cores.
    static let maximumInFlight = 4

    /// One check per core while the oldest is stored: at least two, at most ``maximumInFlight``.
    /// Worked out once per process: Foundation reads two cgroup files for every
    /// `activeProcessorCount`, which the loop would otherwise do for every photo.
    static let inFlightLimit = max(2, min(ProcessInfo.processInfo.activeProcessorCount, maximumInFlight))

    /// What one `add` may hold for its photos at once: their bytes and what their checks take.
    /// 100 MiB: with simctl's own 30 to 40 MB, an `addmedia` stays under 150 MB whatever it is
    /// given, and an iPhone's 12-megapixel HEIC (about 96 MB with its file) still fits, alone.
    static let checkBudgetBytes = 100 << 20

    /// Reads and checks every source, calling `store` with each photo in order.
    static func run(_ sources: [MediaSource], fileSystem: FileSystem, budgetBytes: Int = checkBudgetBytes,
                    store: (Int, ProbedPhoto) throws(MediaLibraryError) -> Void) throws(MediaLibraryError) {
        var queue = CheckQueue(budgetBytes: budgetBytes)
        defer { queue.waitForAll() }  // never leave a worker behind
        for (index, source) in sources.enumerated() {
            let fileBytes = try ProbedPhoto.checkedSize(of: source, fileSystem: fileSystem)
            try queue.makeRoom(for: fileBytes, store: store)
            let data = try ProbedPhoto.contents(of: source, fileSystem: fileSystem)
            let bytes = data.count + (try ProbedPhoto.checkBytes(of: data, path: source.path, budgetBytes: budgetBytes))
            try queue.makeRoom(for: bytes, store: store)
            queue.start(Check(source, data), index: index, bytes: bytes)
            if queue.count > inFlightLimit { try queue.storeOldest(store) }
        }
        while queue.count > 0 { try queue.storeOldest(store) }
    }
}

/// The checks under way, oldest first, and the bytes they hold against the budget. Used from
/// the calling thread only.
private struct CheckQueue {
    let budgetBytes: Int
    private var checks: [(index: Int, check: Check, bytes: Int)] = []
    /// The bytes of the files under way and of their checks.
    private(set) var heldBytes = 0

    init(budgetBytes: Int) {
        self.budgetBytes = budgetBytes
    }

    var count: Int { checks.count }

    /// Adds a check holding `bytes`, once ``makeRoom(for:store:)`` made room for them. Holding
    /// more than the budget with other checks under way is a programmer error (traps).
    mutating func start(_ check: Check, index: Int, bytes: Int) {
        checks.append((index, check, bytes))
        heldBytes += bytes
        precondition(heldBytes <= budgetBytes || checks.count == 1,
                     "\(checks.count) checks hold \(heldBytes) bytes, more than the budget of \(budgetBytes)")
    }

    /// Stores the oldest photos until `bytes` more fit the budget, or none is left: a photo that
    /// does not fit beside others is then read or checked alone.
    mutating func makeRoom(for bytes: Int, store: (Int, ProbedPhoto) throws(MediaLibraryError) -> Void) throws(MediaLibraryError) {
        while !checks.isEmpty && heldBytes + bytes > budgetBytes { try storeOldest(store) }
    }

    /// Waits for the oldest check and passes its photo to `store` (or throws its refusal).
    mutating func storeOldest(_ store: (Int, ProbedPhoto) throws(MediaLibraryError) -> Void) throws(MediaLibraryError) {
        let oldest = checks.removeFirst()
        heldBytes -= oldest.bytes
        try store(oldest.index, try oldest.check.result())
    }

    func waitForAll() {
        for (_, check, _) in checks { check.wait() }
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
