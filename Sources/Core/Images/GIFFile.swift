import CGif
import Foundation

/// One GIF opened with giflib's record-level API over bytes in memory.
///
/// The record-level calls (`DGifGetRecordType`, `DGifGetImageDesc`, `DGifGetLine` ...) are used
/// rather than `DGifSlurp` because `DGifSlurp` allocates every frame's pixels as it reads their
/// descriptors, before a caller could check their size; here the caller sees each size first.
/// Use within ``withFile(_:_:)`` only: giflib reads from the bytes `data` lends for that call.
final class GIFFile {
    static let formatName = ImageFormat.gif.rawValue

    /// What the first image of the file looks like, read before any of its pixels.
    struct FrameHeader {
        let left: Int
        let top: Int
        let width: Int
        let height: Int
        let isInterlaced: Bool
        /// The frame's colours: its local table, else the file's global one.
        let colours: [(red: UInt8, green: UInt8, blue: UInt8)]
        /// The colour index drawn as transparent (from the graphic control extension before it).
        let transparentIndex: Int?
    }

    private let handle: UnsafeMutablePointer<GifFileType>
    /// The bytes giflib reads, valid for the ``withFile(_:_:)`` call only.
    private let source: UnsafeMutablePointer<MemorySource>

    /// The logical screen: the canvas every frame is drawn on, and the image's size.
    var screenWidth: Int { Int(handle.pointee.SWidth) }
    var screenHeight: Int { Int(handle.pointee.SHeight) }

    private init(_ handle: UnsafeMutablePointer<GifFileType>, source: UnsafeMutablePointer<MemorySource>) {
        self.handle = handle
        self.source = source
    }

    /// Opens `data` (reading only its signature and screen descriptor) and hands it to `body`.
    static func withFile<Result>(_ data: Data, _ body: (GIFFile) throws(ImageError) -> Result) throws(ImageError) -> Result {
        let outcome: Swift.Result<Result, ImageError> = data.withUnsafeBytes { bytes in
            var source = MemorySource(bytes: bytes)
            return withUnsafeMutablePointer(to: &source) { sourcePointer in
                var code: Int32 = 0
                guard let handle = DGifOpen(sourcePointer, MemorySource.read, &code) else {
                    return .failure(error(code: code, ranOut: sourcePointer.pointee.ranOut))
                }
                let file = GIFFile(handle, source: sourcePointer)
                defer { DGifCloseFile(handle, nil) }
                do throws(ImageError) {
                    return .success(try body(file))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try outcome.get()
    }

    /// Reads records up to the first image descriptor, keeping its graphic control extension.
    func firstFrameHeader() throws(ImageError) -> FrameHeader {
        var transparentIndex: Int?
        while true {
            switch try nextRecord() {
            case EXTENSION_RECORD_TYPE:
                if let index = try readExtension() { transparentIndex = index }
            case IMAGE_DESC_RECORD_TYPE:
                try check(DGifGetImageDesc(handle))
                return try frameHeader(transparentIndex: transparentIndex)
            default:
                throw .corrupt(format: Self.formatName, reason: "the file has no image")
            }
        }
    }

    /// Reads the current frame's rows in display order (giflib de-interlaces nothing itself),
    /// handing each to `row` with its index in the frame.
    func readRows(of frame: FrameHeader, _ row: (Int, UnsafeBufferPointer<UInt8>) -> Void) throws(ImageError) {
        var line = [UInt8](repeating: 0, count: frame.width)
        for y in Self.rowOrder(height: frame.height, interlaced: frame.isInterlaced) {
            let status = line.withUnsafeMutableBufferPointer { DGifGetLine(handle, $0.baseAddress, Int32(frame.width)) }
            try check(status)
            line.withUnsafeBufferPointer { row(y, $0) }
        }
    }

    /// Reads every remaining record without decoding it, up to the trailer: a file cut in a later
    /// frame is ``ImageError/truncated(format:)`` even though its first frame is whole.
    func skipToTrailer() throws(ImageError) {
        while true {
            switch try nextRecord() {
            case EXTENSION_RECORD_TYPE:
                _ = try readExtension()
            case IMAGE_DESC_RECORD_TYPE:
                try check(DGifGetImageDesc(handle))
                forgetSavedImages()
                var codeSize: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                try check(DGifGetCode(handle, &codeSize, &block))
                while block != nil { try check(DGifGetCodeNext(handle, &block)) }
            default:
                return
            }
        }
    }

    /// Frees the descriptors giflib keeps of the frames read so far. `DGifGetImageDesc` appends
    /// every frame's descriptor, and a copy of its local colour table, to `SavedImages` for
    /// `DGifSlurp` (giflib 5.2 `dgif_lib.c`), even when the caller reads records itself: a 60 MB
    /// file of four million 1x1 frames would keep 220 MB of them. Nothing here reads them.
    /// `GifFreeSavedImages` leaves `ImageCount` as it was, and the next descriptor is stored at
    /// that index, so the count goes back to zero with them.
    private func forgetSavedImages() {
        GifFreeSavedImages(handle)
        handle.pointee.ImageCount = 0
    }

    /// The rows of an image in the order GIF stores them: interlaced images in four passes
    /// (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1; GIF89a appendix E).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    private func nextRecord() throws(ImageError) -> GifRecordType {
        var type = UNDEFINED_RECORD_TYPE
        try check(DGifGetRecordType(handle, &type))
        return type
    }

    /// Reads one extension and its sub-blocks; returns the transparent index of a graphic control one.
    private func readExtension() throws(ImageError) -> Int? {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        try check(DGifGetExtension(handle, &code, &block))
        var transparentIndex: Int?
        if code == GRAPHICS_EXT_FUNC_CODE, let block {
            var control = GraphicsControlBlock()
            // The block starts with its length byte.
            if DGifExtensionToGCB(Int(block[0]), block + 1, &control) == GIF_OK,
               control.TransparentColor != NO_TRANSPARENT_COLOR {
                transparentIndex = Int(control.TransparentColor)
            }
        }
        while block != nil { try check(DGifGetExtensionNext(handle, &block)) }
        return transparentIndex
    }

    private func frameHeader(transparentIndex: Int?) throws(ImageError) -> FrameHeader {
        let image = handle.pointee.Image
        guard let map = image.ColorMap ?? handle.pointee.SColorMap, let colours = map.pointee.Colors else {
            throw .corrupt(format: Self.formatName, reason: "the first image has no colour table")
        }
        let table = UnsafeBufferPointer(start: colours, count: Int(map.pointee.ColorCount)).map {
            (red: $0.Red, green: $0.Green, blue: $0.Blue)
        }
        return FrameHeader(left: Int(image.Left), top: Int(image.Top), width: Int(image.Width),
                           height: Int(image.Height), isInterlaced: image.Interlace, colours: table,
                           transparentIndex: transparentIndex)
    }

    private func check(_ status: Int32) throws(ImageError) {
        if status != GIF_ERROR { return }
        throw Self.error(code: handle.pointee.Error, ranOut: source.pointee.ranOut)
    }

    /// The ``ImageError`` for a giflib error code. When the data ran out the file is truncated,
    /// whatever giflib then missed ("No screen descriptor detected", "Failed to read from given file").
    static func error(code: Int32, ranOut: Bool) -> ImageError {
        if ranOut || code == D_GIF_ERR_READ_FAILED { return .truncated(format: formatName) }
        let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        if code == D_GIF_ERR_EOF_TOO_SOON {
            return .corrupt(format: formatName, reason: "the image data ends before the rows its header claims (\(message))")
        }
        return .corrupt(format: formatName, reason: message)
    }
}

/// The bytes giflib reads through `DGifOpen`'s callback, and how far it has read.
private struct MemorySource {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    /// True once giflib asked for more bytes than were left.
    var ranOut = false

    /// giflib's `InputFunc`: copies up to `count` bytes; fewer at the end, which giflib reports
    /// as `D_GIF_ERR_READ_FAILED`.
    static let read: InputFunc = { file, buffer, count in
        guard let file, let buffer, count > 0,
              let source = file.pointee.UserData?.assumingMemoryBound(to: MemorySource.self) else { return 0 }
        let available = min(Int(count), source.pointee.bytes.count - source.pointee.offset)
        if available < Int(count) { source.pointee.ranOut = true }
        guard available > 0, let base = source.pointee.bytes.baseAddress else { return 0 }
        buffer.update(from: base.advanced(by: source.pointee.offset).assumingMemoryBound(to: UInt8.self), count: available)
        source.pointee.offset += available
        return Int32(available)
    }
}
