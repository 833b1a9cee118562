import Core
import Foundation
import Live
import Simulator

/// `photosim-bench media [--json]`: adds 1,000 photos in batches of 100 to one media library in
/// a temporary folder and reports the time per photo and the resident memory after the first and
/// the last batch. Both must stay flat as the library grows: an add does no work that grows with
/// the number of photos already there (no folder listing, no table scan).
///
/// With `--json` prints one line with the keys `first_batch_ms_per_photo`,
/// `last_batch_ms_per_photo`, `rss_bytes_after_first`, `rss_bytes_after_last`.
enum MediaBenchmark {
    static let batchCount = 10
    static let photosPerBatch = 100

    static func run(_ arguments: [String]) throws {
        let json = arguments.contains("--json")
        let folder = try makeTemporaryFolder()
        let fileSystem = POSIXFileSystem()
        defer { try? fileSystem.removeItem(at: folder) }
        let library = try MediaLibrary(mediaFolder: folder.appendingPathComponent("Media"), fileSystem: fileSystem,
                                       clock: SystemClock(), random: SystemRandom())
        let samples = try samplePhotos()
        var batches: [(millisecondsPerPhoto: Double, rssBytes: Int)] = []
        for batch in 0..<batchCount {
            let sources = (0..<photosPerBatch).map { index in
                MediaSource(path: "bench-\(batch)-\(index).jpg", data: samples[index % samples.count])
            }
            let start = monotonicNanoseconds()
            let added = try library.add(sources)
            let elapsed = monotonicNanoseconds() - start
            precondition(added.count == photosPerBatch, "batch \(batch) added \(added.count) photos")
            batches.append((Double(elapsed) / 1e6 / Double(photosPerBatch), try residentBytes()))
            if !json { print(String(format: "batch %2d: %6.3f ms per photo, RSS %d KiB", batch + 1,
                                    batches[batch].millisecondsPerPhoto, batches[batch].rssBytes / 1_024)) }
        }
        report(first: batches[0], last: batches[batches.count - 1], json: json)
    }

    private static func report(first: (millisecondsPerPhoto: Double, rssBytes: Int),
                               last: (millisecondsPerPhoto: Double, rssBytes: Int), json: Bool) {
        if json {
            print(String(format: "{\"first_batch_ms_per_photo\":%.4f,\"last_batch_ms_per_photo\":%.4f,"
                         + "\"rss_bytes_after_first\":%d,\"rss_bytes_after_last\":%d}",
                         first.millisecondsPerPhoto, last.millisecondsPerPhoto, first.rssBytes, last.rssBytes))
        } else {
            print(String(format: "media: %d photos in batches of %d; first batch %.3f ms per photo, last %.3f ms per photo",
                         batchCount * photosPerBatch, photosPerBatch, first.millisecondsPerPhoto, last.millisecondsPerPhoto))
            print("media: RSS after the first batch \(first.rssBytes / 1_024) KiB, after the last \(last.rssBytes / 1_024) KiB")
        }
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

    private static func makeTemporaryFolder() throws -> String {
        var template = Array((NSTemporaryDirectory().appendingPathComponent("photosim-bench-media.XXXXXX")).utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileSystemError.from(errno: errno, operation: "mkdtemp", path: NSTemporaryDirectory())
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// `VmRSS` from `/proc/self/status`, in bytes. Read to the end of file rather than through
    /// `POSIXFileSystem`, which sizes its read with `fstat` (0 bytes for `/proc` files).
    private static func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            if let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) { return kibibytes * 1_024 }
        }
        throw FileSystemError.failed(operation: "read VmRSS", path: "/proc/self/status", errno: ENOENT)
    }
}
