import Core
import Foundation

/// `photosim-bench images [--json] [--iterations N] FILE...`: what showing and saving photos costs.
///
/// Per file, medians over N runs (15 by default), each run starting from the file on disk:
/// - `thumbnail_ms_median`: read -> 52 pt @3x (156 px) aspect-fit thumbnail -> quality-50 JPEG
///   -> atomic write (POSIXFileSystem, with its fsyncs) into a temporary folder;
/// - `save_ms_median`: read -> full-size decode -> quality-50 JPEG -> atomic write, what saving a
///   picked photo costs;
/// - `write_ms_median`: the atomic write of that full-size JPEG alone, to subtract from the save;
/// - `thumbnail_peak_extra_bytes`: real peak memory of one thumbnail run (see ``PeakMemory``),
///   file bytes included; 0 when the kernel does not allow measuring it.
/// `width` and `height` are the image's size as displayed (EXIF orientation applied).
enum ImagesBenchmark: Benchmark {
    static let name = "images"
    static let summary = "thumbnail / full-size save timings and thumbnail peak memory for image files"
    static let thumbnailSize = ThumbnailSize(points: 52, scale: 3)
    static let quality = 50

    struct Options: BenchmarkOptions {
        var json = false
        var iterations = 15
        var files: [String] = []
    }

    static var options: [BenchmarkOption<Options>] {
        [.positiveNumber("--iterations", "runs per figure; the median is reported (default 15)", \.iterations)]
    }

    static var operands: BenchmarkOperands<Options>? { BenchmarkOperands(name: "FILE", keyPath: \.files) }

    /// One file's figures; milliseconds are rounded to microseconds.
    struct Figures: BenchmarkFigures {
        let file: String
        let width: Int
        let height: Int
        let thumbnailMilliseconds: Double
        let saveMilliseconds: Double
        let writeMilliseconds: Double
        let thumbnailPeakExtraBytes: Int

        enum CodingKeys: String, CodingKey, CaseIterable {
            case file, width, height
            case thumbnailMilliseconds = "thumbnail_ms_median"
            case saveMilliseconds = "save_ms_median"
            case writeMilliseconds = "write_ms_median"
            case thumbnailPeakExtraBytes = "thumbnail_peak_extra_bytes"
        }
    }

    /// Measures each file in turn; a file that cannot be measured is reported and skipped, and
    /// the run then fails once all files are done.
    static func run(_ options: Options, output: BenchmarkOutput) throws {
        let failures = try withTemporaryFolder(for: name) { folder in
            var failures = 0
            for (index, file) in options.files.enumerated() {
                output.progress("images: [\(index + 1)/\(options.files.count)] \(file.lastPathComponent)")
                do {
                    let figures = try measure(file, iterations: options.iterations, folder: folder)
                    try output.figures(figures, readable: readableLine(figures))
                } catch {
                    failures += 1
                    output.clearProgress()
                    FileHandle.standardError.write(Data("photosim-bench images: \(file): \(error)\n".utf8))
                }
            }
            return failures
        }
        if failures > 0 {
            throw BenchmarkFailure(message: "\(failures) of \(options.files.count) files could not be measured")
        }
    }

    /// The figures of one file, each a median of `iterations` runs after one warm-up run.
    private static func measure(_ file: String, iterations: Int, folder: String) throws -> Figures {
        let fileSystem = POSIXFileSystem()
        let info = try ImageProbe.probe(try fileSystem.contents(of: file))
        let thumbnailPath = folder.appendingPathComponent("thumbnail.jpg")
        let photoPath = folder.appendingPathComponent("photo.jpg")
        let makeThumbnail = {
            let data = try fileSystem.contents(of: file)
            let jpeg = try Thumbnailer().thumbnailJPEG(of: data, size: thumbnailSize, mode: .aspectFit, quality: quality)
            try fileSystem.writeAtomically(jpeg, to: thumbnailPath)
        }
        var saved = Data()
        let savePhoto = {
            let data = try fileSystem.contents(of: file)
            saved = try JPEGEncoder.encode(try ImageDecoder().decode(data), quality: quality)
            try fileSystem.writeAtomically(saved, to: photoPath)
        }
        try makeThumbnail()  // warm-up: page cache, library code, allocator
        try savePhoto()
        let thumbnail = try medianMilliseconds(iterations, makeThumbnail)
        let save = try medianMilliseconds(iterations, savePhoto)
        let write = try medianMilliseconds(iterations) { try fileSystem.writeAtomically(saved, to: photoPath) }
        let peak = try PeakMemory.measure(makeThumbnail) ?? 0
        return Figures(file: file, width: info.displayWidth, height: info.displayHeight,
                       thumbnailMilliseconds: thumbnail.rounded(toPlaces: 3), saveMilliseconds: save.rounded(toPlaces: 3),
                       writeMilliseconds: write.rounded(toPlaces: 3), thumbnailPeakExtraBytes: peak)
    }

    /// The median time of `iterations` runs of `work`, in milliseconds.
    private static func medianMilliseconds(_ iterations: Int, _ work: () throws -> Void) throws -> Double {
        median(try (0..<iterations).map { _ in try Stopwatch.milliseconds(work) })
    }

    /// `photo_12mp.jpg 4032x3024: thumbnail 20.903 ms, save ... ms (write ... ms), thumbnail peak +3.42 MB`
    static func readableLine(_ figures: Figures) -> String {
        let megabytes = Double(figures.thumbnailPeakExtraBytes) / 1_048_576
        return "\(figures.file.lastPathComponent) \(figures.width)x\(figures.height): "
            + "thumbnail \(decimal(figures.thumbnailMilliseconds)) ms, "
            + "save \(decimal(figures.saveMilliseconds)) ms (write \(decimal(figures.writeMilliseconds)) ms), "
            + "thumbnail peak +" + String(format: "%.2f", megabytes) + " MB"
    }

    private static func decimal(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds) }
}
