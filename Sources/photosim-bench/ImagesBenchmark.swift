import Core
import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
enum ImagesBenchmark {
    static let summary = "thumbnail / full-size save timings and thumbnail peak memory for image files"
    static let thumbnailSize = ThumbnailSize(points: 52, scale: 3)
    static let quality = 50

    struct Options {
        var json = false
        var iterations = 15
        var files: [String] = []
    }

    struct Figures {
        let file: String
        let width: Int
        let height: Int
        let thumbnailMilliseconds: Double
        let saveMilliseconds: Double
        let writeMilliseconds: Double
        let thumbnailPeakExtraBytes: Int
    }

    static let usage = "usage: photosim-bench images [--json] [--iterations N] FILE..."

    /// Exits 0 after `--help`, 64 on a usage mistake, 1 when a file could not be measured.
    static func run(_ arguments: [String]) throws {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return
        }
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            FileHandle.standardError.write(Data("photosim-bench images: \(error)\n\(usage)\n".utf8))
            exit(64)
        }
        let fileSystem = POSIXFileSystem()
        let folder = try temporaryFolder()
        defer { try? fileSystem.removeItem(at: folder) }
        var failures = 0
        for (index, file) in options.files.enumerated() {
            if isatty(STDERR_FILENO) == 1 {
                FileHandle.standardError.write(Data("[\(index + 1)/\(options.files.count)] \(file)\n".utf8))
            }
            do {
                let figures = try measure(file, iterations: options.iterations, fileSystem: fileSystem, folder: folder)
                print(options.json ? jsonLine(figures) : readableLine(figures))
            } catch {
                failures += 1
                FileHandle.standardError.write(Data("photosim-bench images: \(file): \(error)\n".utf8))
            }
        }
        if failures > 0 { exit(1) }
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--iterations":
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    throw BenchmarkUsageError(message: "--iterations needs a positive number")
                }
                options.iterations = value
            default:
                if argument.hasPrefix("-") { throw BenchmarkUsageError(message: "unknown option \(argument)") }
                options.files.append(argument)
            }
        }
        if options.files.isEmpty { throw BenchmarkUsageError(message: "no image files given") }
        return options
    }

    private static func measure(_ file: String, iterations: Int, fileSystem: POSIXFileSystem,
                                folder: String) throws -> Figures {
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
                       thumbnailMilliseconds: thumbnail, saveMilliseconds: save, writeMilliseconds: write,
                       thumbnailPeakExtraBytes: peak)
    }

    private static func medianMilliseconds(_ iterations: Int, _ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        samples.sort()
        let middle = samples.count / 2
        return samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
    }

    private static func temporaryFolder() throws -> String {
        var template = Array((NSTemporaryDirectory().appendingPathComponent("photosim-bench-images.XXXXXX")).utf8CString)
        guard let created = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw BenchmarkUsageError(message: "cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        return String(cString: created)
    }

    /// One JSON object; keys are fixed (scripts read them), numbers rounded to microseconds.
    static func jsonLine(_ figures: Figures) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let file = String(decoding: (try? encoder.encode(figures.file)) ?? Data("\"\"".utf8), as: UTF8.self)
        return "{\"file\":\(file),\"width\":\(figures.width),\"height\":\(figures.height),"
            + "\"thumbnail_ms_median\":\(rounded(figures.thumbnailMilliseconds)),"
            + "\"save_ms_median\":\(rounded(figures.saveMilliseconds)),"
            + "\"write_ms_median\":\(rounded(figures.writeMilliseconds)),"
            + "\"thumbnail_peak_extra_bytes\":\(figures.thumbnailPeakExtraBytes)}"
    }

    static func readableLine(_ figures: Figures) -> String {
        let megabytes = Double(figures.thumbnailPeakExtraBytes) / 1_048_576
        return "\(figures.file.lastPathComponent) \(figures.width)x\(figures.height): "
            + "thumbnail \(rounded(figures.thumbnailMilliseconds)) ms, "
            + "save \(rounded(figures.saveMilliseconds)) ms (write \(rounded(figures.writeMilliseconds)) ms), "
            + "thumbnail peak +" + String(format: "%.2f", megabytes) + " MB"
    }

    private static func rounded(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds) }
}

/// A command-line mistake, printed as is.
struct BenchmarkUsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
