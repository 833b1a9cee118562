import CGif
import Foundation

/// GIFs written with giflib's encoder inside the tests, for layouts the fixture does not have.
enum TestGIFs {
    /// One frame of a GIF to write: its place on the screen and its colour indices, row by row.
    struct Frame {
        var left = 0
        var top = 0
        let width: Int
        let height: Int
        var interlaced = false
        var transparentIndex: Int?
        /// The colour index of pixel (x, y) of the frame.
        let index: (Int, Int) -> UInt8
    }

    /// A GIF89a of `frames` on a `screenWidth` x `screenHeight` screen with the global `palette`
    /// (at most 256 RGB triples).
    static func gif(screenWidth: Int, screenHeight: Int, palette: [[UInt8]], frames: [Frame]) -> Data {
        let sink = Sink()
        var status: Int32 = 0
        let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), Sink.write, &status)!
        // A GIF colour table has a power-of-two size, at least 2.
        var tableSize = 2
        while tableSize < palette.count { tableSize *= 2 }
        let colours = (0..<tableSize).map { index -> GifColorType in
            let rgb = index < palette.count ? palette[index] : [0, 0, 0]
            return GifColorType(Red: rgb[0], Green: rgb[1], Blue: rgb[2])
        }
        let map = colours.withUnsafeBufferPointer { GifMakeMapObject(Int32(tableSize), $0.baseAddress) }
        defer { GifFreeMapObject(map) }
        EGifSetGifVersion(file, true)
        precondition(EGifPutScreenDesc(file, Int32(screenWidth), Int32(screenHeight), 8, 0, map) == GIF_OK)
        for frame in frames { put(frame, into: file) }
        precondition(EGifCloseFile(file, &status) == GIF_OK, "giflib error \(status)")
        return sink.bytes
    }

    /// A 1x1 GIF89a of `count` 1x1 frames, 15 bytes each, written byte by byte (GIF89a, sections
    /// 20-22): an image descriptor, LZW minimum code size 2, one data sub-block holding the codes
    /// clear (4), index 0 and end (5) at 3 bits each, then the block terminator.
    static func manyFrames(_ count: Int) -> Data {
        var data = Data("GIF89a".utf8)
        data += [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]  // 1x1 screen, 2-colour global table
        let codes = 4 | 0 << 3 | 5 << 6
        let frame: [UInt8] = [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, UInt8(codes & 0xFF), UInt8(codes >> 8), 0]
        data.reserveCapacity(data.count + count * frame.count + 1)
        for _ in 0..<count { data += frame }
        data.append(0x3B)
        return data
    }

    private static func put(_ frame: Frame, into file: UnsafeMutablePointer<GifFileType>) {
        if let transparent = frame.transparentIndex {
            var control = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: 0,
                                               TransparentColor: Int32(transparent))
            var extensionBytes = [GifByteType](repeating: 0, count: 4)
            let length = EGifGCBToExtension(&control, &extensionBytes)
            precondition(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes) == GIF_OK)
        }
        precondition(EGifPutImageDesc(file, Int32(frame.left), Int32(frame.top), Int32(frame.width),
                                      Int32(frame.height), frame.interlaced, nil) == GIF_OK)
        // An interlaced GIF stores its rows in four passes: from row 0 every 8th, from 4 every
        // 8th, from 2 every 4th, from 1 every 2nd (GIF89a, appendix E); giflib writes them as given.
        let passes = frame.interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        for (start, step) in passes {
            for y in stride(from: start, to: frame.height, by: step) {
                var line = (0..<frame.width).map { frame.index($0, y) }
                precondition(EGifPutLine(file, &line, Int32(frame.width)) == GIF_OK)
            }
        }
    }

    /// Collects what giflib writes.
    private final class Sink {
        var bytes = Data()

        static let write: OutputFunc = { file, buffer, count in
            guard let file, let buffer, let userData = file.pointee.UserData else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(userData).takeUnretainedValue()
            sink.bytes.append(buffer, count: Int(count))
            return count
        }
    }
}
