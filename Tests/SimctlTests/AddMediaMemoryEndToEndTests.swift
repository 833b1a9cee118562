import CPNG
import Core
import Foundation
import Testing

/// `simctl addmedia` keeps to bounded memory whatever it is given, measured on the built binary
/// as the kernel counts it: its peak resident set (`ru_maxrss`), read with GNU time
/// (`/usr/bin/time -f %M`, Debian's `time` package, see `scripts/install-deps`).
///
/// Not through `wait4` on the child itself: `posix_spawn` starts it in this test process's
/// address space (`CLONE_VM`), and Linux carries that space's high-water mark into the child's
/// `ru_maxrss` when it calls `exec` (`exec_mmap`), so the figure would be this test process's peak
/// whenever that is higher. GNU time forks from its own small process.
@Suite("addmedia memory, end to end") struct AddMediaMemoryEndToEndTests {
    /// What one `addmedia` may take at its peak, the binary's own memory included.
    static let boundBytes = 150_000_000

    static let timePath = "/usr/bin/time"

    /// Runs `simctl --set <set> <arguments>` under GNU time; returns its result and peak resident bytes.
    static func runMeasured(_ runner: SimctlRunner, _ arguments: [String]) throws -> (result: SimctlRunner.Result, peakBytes: Int) {
        try #require(FileManager.default.isExecutableFile(atPath: timePath),
                     "\(timePath) is missing: install Debian's time package (scripts/install-deps does)")
        let report = runner.folder.appendingPathComponent("peak-rss-\(UUID().uuidString).txt")
        let result = try SimctlRunner.execute(timePath, ["-f", "%M", "-o", report, SimctlRunner.simctlPath,
                                                          "--set", runner.setPath] + arguments)
        // GNU time writes "Command exited with non-zero status N" first when the command fails.
        let lines = String(decoding: try runner.fileSystem.contents(of: report), as: UTF8.self).split(separator: "\n")
        let kilobytes = try #require(lines.last.flatMap { Int($0) }, "GNU time wrote \(lines)")
        return (result, kilobytes * 1_024)
    }

    /// A complete 9999 x 10000 grey PNG of one colour (about 100 KB; 100 MB decoded), written row
    /// by row with libpng's classic API (every value passed is valid: libpng aborts on an error
    /// it cannot longjmp from, libpng-manual.txt "Setup").
    static func bigPNG() -> Data {
        final class Sink { var bytes = Data() }
        let sink = Sink()
        let png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
        var info = png_create_info_struct(png)
        png_set_write_fn(png, Unmanaged.passUnretained(sink).toOpaque(), { png, bytes, count in
            guard let bytes, let io = png_get_io_ptr(png) else { return }
            Unmanaged<Sink>.fromOpaque(io).takeUnretainedValue().bytes.append(bytes, count: count)
        }, nil)
        png_set_compression_level(png, 1)
        png_set_IHDR(png, info, 9_999, 10_000, 8, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT)
        png_write_info(png, info)
        var row = [UInt8](repeating: 0x80, count: 9_999)
        for _ in 0..<10_000 { png_write_row(png, &row) }
        png_write_end(png, info)
        var writer: png_structp? = png
        png_destroy_write_struct(&writer, &info)
        return sink.bytes
    }

    /// A complete GIF89a of 44 bytes whose 1 x 1 frame sits on a 9000 x 11000 logical screen
    /// (decoded, an RGBA canvas of 396 MB): header, screen descriptor with a 2-colour table, an
    /// image descriptor, LZW minimum code size 2 and one sub-block holding the codes clear (4),
    /// index 1 and end (5) at 3 bits each, the block terminator and the trailer (GIF89a, 17-27).
    static func bigScreenGIF() -> Data {
        let codes = 4 | 1 << 3 | 5 << 6
        return Data("GIF89a".utf8) + Data([0x28, 0x23, 0xF8, 0x2A, 0x80, 0, 0, 0, 0, 0, 255, 255, 255,
                                           0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, UInt8(codes & 0xFF), UInt8(codes >> 8), 0, 0x3B])
    }

    /// A HEIC of `Tests/CoreTests/Fixtures/heic_memory` (see LICENSES.md there).
    static func heic(_ name: String) throws -> Data {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CoreTests/Fixtures/heic_memory")
        return try Data(contentsOf: fixtures.appendingPathComponent("\(name).heic"))
    }

    /// Four PNGs of 9999 x 10000 and four GIFs with a 9000 x 11000 screen in one call: each
    /// is checked a row at a time, several at once (1.1 GB before).
    @Test func eightNearLimitHeadersAreAddedUnderTheBound() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let png = Self.bigPNG(), gif = Self.bigScreenGIF()
        #expect(try ImageProbe.probe(png).pixelCount == 99_990_000 && ImageProbe.probe(gif).pixelCount == 99_000_000)
        let paths = try (0..<8).map { index in
            let path = runner.folder.appendingPathComponent(index.isMultiple(of: 2) ? "big-\(index).png" : "big-\(index).gif")
            try runner.fileSystem.writeAtomically(index.isMultiple(of: 2) ? png : gif, to: path)
            return path
        }

        let (add, peak) = try Self.runMeasured(runner, ["addmedia", "booted"] + paths)
        #expect(add.exitCode == 0 && add.standardError.isEmpty, "\(add)")
        #expect(peak < Self.boundBytes, "addmedia peaked at \(peak) bytes")
        #expect(try runner.mediaAssets(phone).count == 6 + 8)
    }

    /// An iPhone's 12 MP photo (a turned grid of 512x512 tiles) is taken within the bound.
    @Test func anIPhonePhotoIsAddedUnderTheBound() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let path = runner.folder.appendingPathComponent("IMG_1234.HEIC")
        try runner.fileSystem.writeAtomically(try Self.heic("grid_4032x3024_turned"), to: path)

        let (add, peak) = try Self.runMeasured(runner, ["addmedia", "booted", path, path])
        #expect(add.exitCode == 0 && add.standardError.isEmpty, "\(add)")
        #expect(peak < Self.boundBytes, "addmedia peaked at \(peak) bytes")
        #expect(try runner.mediaAssets(phone).count == 6 + 2)
    }

    /// A 48 MP HEIC (an iPhone's "HEIF Max" size; 29 KB of one colour) is refused before it is
    /// decoded, with the most pixels such a HEIC may have, and nothing of the call is added.
    @Test func aHEICOverItsLimitIsRefusedNamingTheLimit() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let path = runner.folder.appendingPathComponent("IMG_5678.HEIC")
        try runner.fileSystem.writeAtomically(try Self.heic("flat_8064x6048"), to: path)

        let (add, peak) = try Self.runMeasured(runner, ["addmedia", "booted", try runner.writeJPEG(named: "ok.jpg"), path])
        #expect(add.exitCode == 65, "\(add)")
        let prefix = "Cannot add \(path): 8064x6048 pixels is more than the limit of "
        #expect(add.standardError.hasPrefix(prefix), "\(add)")
        let limit = Int(add.standardError.dropFirst(prefix.count).prefix { $0.isNumber }) ?? 0
        #expect(limit > 4_032 * 3_024 && limit < 8_064 * 6_048, "\(add)")
        #expect(add.standardError.contains(" pixels for this HEIC: checking an HEIC decodes it whole")
                && add.standardError.hasSuffix("Nothing was added.\n"), "\(add)")
        #expect(peak < 60_000_000, "refusing took \(peak) bytes: the file was decoded")
        #expect(try runner.mediaAssets(phone).count == 6)
    }
}
