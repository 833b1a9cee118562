import Core
import Foundation
import Live
import Simulator

/// `photosim-bench media [--json]`: adds 1,000 photos in batches of 100 to one media library in
/// a temporary folder and reports the time per photo and the resident memory after the first and
/// the last batch. Both must stay flat as the library grows: an add does no work that grows with
/// the number of photos already there (no folder listing, no table scan).
///
/// Then one `addmedia`-sized call: 100 files of a 12-megapixel JPEG (~2.9 MB, drawn and encoded
/// here, see ``LargePhotoImport``) added in one `MediaLibrary.add` to a fresh library, reporting
/// the milliseconds per photo, the CPU milliseconds per photo and the process's peak resident
/// memory during the call. Last, the peak of one call of eight files just under the pixel limit
/// that are tiny on the disk (``BigHeaderImport``).
enum MediaBenchmark: Benchmark {
    static let name = "media"
    static let summary = "1,000 photos in batches of 100, 100 12 MP files, 8 near-limit headers: ms per photo and RSS"
    static let photosPerBatch = 100

    struct Options: BenchmarkOptions {
        var json = false
        var batchCount = 10
        var largeCopyCount = 100
        var largeWidthPixels = LargePhotoImport.widthPixels
        var bigHeaderCopies = BigHeaderImport.defaultCopies
    }

    static var options: [BenchmarkOption<Options>] {
        [
            .positiveNumber("--batches", "batches of \(photosPerBatch) small photos (default 10)", \.batchCount),
            .positiveNumber("--large-copies", "files of the large photo added in one call (default 100)", \.largeCopyCount),
            .positiveNumber("--large-width", "width of the large photo; height is 3/4 of it (default 4032)", \.largeWidthPixels),
            .positiveNumber("--big-headers", "near-limit PNG and GIF files added in one call (default 8)", \.bigHeaderCopies),
        ]
    }

    /// One batch: the time of `MediaLibrary.add` per photo and the resident set after it.
    struct Batch {
        let millisecondsPerPhoto: Double
        let residentBytes: Int
    }

    /// The first and the last batch, and the large import; milliseconds rounded to 0.1 µs.
    struct Figures: BenchmarkFigures {
        let firstBatchMillisecondsPerPhoto: Double
        let lastBatchMillisecondsPerPhoto: Double
        let residentBytesAfterFirst: Int
        let residentBytesAfterLast: Int
        let largeImportPeakResidentBytes: Int
        let largeImportMillisecondsPerPhoto: Double
        let largeImportCPUMillisecondsPerPhoto: Double
        let bigHeadersPeakResidentBytes: Int

        enum CodingKeys: String, CodingKey, CaseIterable {
            case firstBatchMillisecondsPerPhoto = "first_batch_ms_per_photo"
            case lastBatchMillisecondsPerPhoto = "last_batch_ms_per_photo"
            case residentBytesAfterFirst = "rss_bytes_after_first"
            case residentBytesAfterLast = "rss_bytes_after_last"
            case largeImportPeakResidentBytes = "peak_rss_bytes_100_12mp"
            case largeImportMillisecondsPerPhoto = "ms_per_photo_100_12mp"
            case largeImportCPUMillisecondsPerPhoto = "cpu_ms_per_photo_100_12mp"
            case bigHeadersPeakResidentBytes = "peak_rss_bytes_big_headers"
        }

        init(first: Batch, last: Batch, large: LargePhotoImport.Result, bigHeaders: BigHeaderImport.Result) {
            firstBatchMillisecondsPerPhoto = first.millisecondsPerPhoto.rounded(toPlaces: 4)
            lastBatchMillisecondsPerPhoto = last.millisecondsPerPhoto.rounded(toPlaces: 4)
            residentBytesAfterFirst = first.residentBytes
            residentBytesAfterLast = last.residentBytes
            largeImportPeakResidentBytes = large.peakResidentBytes
            largeImportMillisecondsPerPhoto = large.millisecondsPerPhoto.rounded(toPlaces: 4)
            largeImportCPUMillisecondsPerPhoto = large.cpuMillisecondsPerPhoto.rounded(toPlaces: 4)
            bigHeadersPeakResidentBytes = bigHeaders.peakResidentBytes
        }
    }

    /// Adds the batches to a library in a temporary folder, then the large import to another,
    /// and prints the figures.
    static func run(_ options: Options, output: BenchmarkOutput) throws {
        let batchCount = options.batchCount
        let batches = try withTemporaryFolder(for: name) { folder in
            let fileSystem = POSIXFileSystem()
            let library = try MediaLibrary(mediaFolder: folder.appendingPathComponent("Media"), fileSystem: fileSystem,
                                           clock: SystemClock(), random: SystemRandom())
            let samples = try samplePhotos()
            return try (0..<batchCount).map { number in
                output.progress("media: batch \(number + 1)/\(batchCount)")
                let batch = try addBatch(number, of: samples, to: library)
                output.note(String(format: "batch %2d: %6.3f ms per photo, RSS %d KiB", number + 1,
                                   batch.millisecondsPerPhoto, batch.residentBytes / 1_024))
                return batch
            }
        }
        let first = batches[0], last = batches[batches.count - 1]
        let large = try LargePhotoImport.measure(copies: options.largeCopyCount, widthPixels: options.largeWidthPixels,
                                                 output: output)
        let bigHeaders = try BigHeaderImport.measure(copies: options.bigHeaderCopies, output: output)
        try output.figures(Figures(first: first, last: last, large: large, bigHeaders: bigHeaders), readable: """
            media: \(batchCount * photosPerBatch) photos in batches of \(photosPerBatch); \
            first batch \(String(format: "%.3f", first.millisecondsPerPhoto)) ms per photo, \
            last \(String(format: "%.3f", last.millisecondsPerPhoto)) ms per photo
            media: RSS after the first batch \(first.residentBytes / 1_024) KiB, after the last \(last.residentBytes / 1_024) KiB
            media: \(options.largeCopyCount) files of \(large.photoBytes) bytes in one add: \
            \(String(format: "%.3f", large.millisecondsPerPhoto)) ms per photo \
            (CPU \(String(format: "%.1f", large.cpuMillisecondsPerPhoto)) ms per photo), peak RSS \(large.peakResidentBytes / 1_024) KiB
            media: \(options.bigHeaderCopies) near-limit PNG and GIF headers in one add: \
            \(String(format: "%.0f", bigHeaders.milliseconds)) ms, peak RSS \(bigHeaders.peakResidentBytes / 1_024) KiB
            """)
    }

    /// Adds batch `number` (``photosPerBatch`` copies of the samples under new names) and times it.
    private static func addBatch(_ number: Int, of samples: [Data], to library: MediaLibrary) throws -> Batch {
        let sources = (0..<photosPerBatch).map { index in
            MediaSource(path: "bench-\(number)-\(index).jpg", data: samples[index % samples.count])
        }
        var addedCount = 0
        let seconds = try Stopwatch.seconds { addedCount = try library.add(sources).count }
        precondition(addedCount == photosPerBatch, "batch \(number) added \(addedCount) photos")
        return Batch(millisecondsPerPhoto: seconds * 1e3 / Double(photosPerBatch),
                     residentBytes: try ProcessStatus.residentBytes())
    }

    /// Four real JPEGs of different sizes and shades (a few KiB each).
    private static func samplePhotos() throws -> [Data] {
        try [(320, 240), (240, 320), (400, 300), (256, 256)].enumerated().map { offset, size in
            let (width, height) = size
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: index / 3 % width + offset * 40) }
            return try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 85)
        }
    }
}
