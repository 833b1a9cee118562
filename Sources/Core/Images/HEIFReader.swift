import CHeif
import Foundation

/// Reads HEIC files (HEIF with HEVC-coded images, as an iPhone's camera writes them) with libheif,
/// which is loaded on the first HEIC a process reads (``HEIFLibrary``).
///
/// Only the primary image is read: the one a viewer shows (an iPhone HEIC also holds a
/// thumbnail and, for portraits, a depth map).
///
/// - **Orientation**: libheif's `heif_decode_image` "carries out all geometric transformations
///   specified in the HEIF file (rotation, cropping, mirroring)" (`heif.h`): the `irot`, `imir`
///   and `clap` properties, which are what orient a HEIF image (ISO/IEC 23008-12). The decoded
///   bitmap is therefore upright. libheif 1.15 does not say which of them it applied, so
///   ``HEIFBoxes/primaryItemOrientation(in:)`` reads them for the probe, which reports the
///   stored size and that orientation as for a JPEG. An EXIF orientation inside the file is
///   ignored, as HEIF readers must (MIAF, ISO/IEC 23000-22: "there should be no image
///   transformations expressed by Exif").
/// - **Size limit**: the primary image's size is read from its `ispe` property and checked
///   against ``ImageLimits`` before anything is decoded. libheif's own limit on every item's
///   width and height (32,768, see ``libheifSideLimit``) stays in force as it reads the header.
/// - **Truncation**: a file whose boxes or image data stop early is
///   ``ImageError/truncated(format:)`` (libheif's `End_of_data`, or a top-level box that runs
///   past the end, which libheif reports as that box missing); strict decoding is on, so
///   damaged HEVC data fails instead of decoding to a partly grey image.
/// - **Header lies**: libheif decodes at the size the HEVC data has; a decoded size other than the
///   header's is ``ImageError/corrupt(format:reason:)``, so the probe and the bitmap always agree.
///   The limit is checked on the header's size, so HEVC data claiming far more pixels than `ispe`
///   is only refused after libde265 decoded it.
/// - **Memory**: the decoded bitmap is counted by the meter; libheif's own decode buffers (the same
///   size again and more, freed before returning) are not. ``verify(_:limits:)`` keeps to
///   libheif's buffers, and ``verificationCost(of:)`` tells their peak from the header.
enum HEIFReader {
    static let formatName = ImageFormat.heic.rawValue
    /// libheif 1.15's own limit on an image's width and height (`MAX_IMAGE_WIDTH`, 32,768), kept
    /// rather than raised: a side over it is refused by libheif, as ``ImageError/corrupt(format:reason:)``
    /// with libheif's message naming the size, before Core sees the header.
    static let libheifSideLimit = 32_768

    /// The stored size, orientation and alpha of the primary image, from the header alone.
    static func probe(_ data: Data) throws(ImageError) -> ImageInfo {
        try withPrimaryImage(of: data) { handle throws(ImageError) in
            let (width, height) = try size(of: handle)
            let orientation = HEIFBoxes.primaryItemOrientation(in: data) ?? .up
            // libheif reports the upright size; turn it back to the stored one.
            let stored = orientation.displaySize(width: width, height: height)
            return ImageInfo(format: .heic, pixelWidth: stored.width, pixelHeight: stored.height,
                             orientation: orientation, exif: nil,
                             hasAlpha: photosim_heif_image_handle_has_alpha_channel(handle) != 0)
        }
    }

    /// Decodes the primary image, upright (libheif applies its orientation): RGBA when it has an
    /// alpha plane, else RGB.
    static func decode(_ data: Data, limits: ImageLimits, meter: MemoryMeter?) throws(ImageError) -> Bitmap {
        try withPrimaryImage(of: data) { handle throws(ImageError) in
            let (width, height) = try checkedSize(of: handle, limits: limits)
            let format: PixelFormat = photosim_heif_image_handle_has_alpha_channel(handle) != 0 ? .rgba : .rgb
            let image = try decodeImage(handle, chroma: format == .rgba ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB)
            defer { photosim_heif_image_release(image) }
            try checkDecodedSize(of: image, width: width, height: height)
            return try copyPixels(of: image, format: format, meter: meter)
        }
    }

    /// Decodes the primary image as ``decode(_:limits:meter:)`` does (the same HEVC decode,
    /// strict, with its orientation, alpha plane and size check) but keeps it in the planes libheif
    /// 1.15 produces anyway: it always turns the decoded YCbCr into planar RGB 4:4:4 (or grey)
    /// before applying `irot`/`imir`/`clap` (`HeifContext::decode_image_planar`), and asked for
    /// no other chroma it converts nothing more (`decode_image_user`). That saves the interleaved
    /// copy and the bitmap: a 12-megapixel 8-bit 4:2:0 HEIC peaks at about 60 MB instead of 78 MB.
    static func verify(_ data: Data, limits: ImageLimits) throws(ImageError) {
        try withPrimaryImage(of: data) { handle throws(ImageError) in
            let (width, height) = try checkedSize(of: handle, limits: limits)
            let image = try decodeImage(handle, chroma: heif_chroma_undefined)
            defer { photosim_heif_image_release(image) }
            try checkDecodedSize(of: image, width: width, height: height)
        }
    }

    /// Tiles libheif decodes at once for a grid: libheif 1.15's default (`m_max_decoding_threads`),
    /// set on every context so that ``verificationCost(of:)`` holds with any build.
    static let tileDecodingThreads = 4

    /// What ``verify(_:limits:)`` takes beside the file, from the header: libheif's peak for the
    /// primary image (``bytesPerPixel(_:sampleBytes:hasAlpha:pixelCount:)``, for each stored
    /// pixel), and a fixed part: libheif's and libde265's state, and for a coded primary item
    /// the copy of its coded bytes libheif decodes from (`get_compressed_image_data`), which is
    /// about the file's size. A header whose layout cannot be followed is costed as one 4:4:4
    /// tile the size of the image, turned twice.
    static func verificationCost(of data: Data) throws(ImageError) -> VerificationCost {
        try withPrimaryImage(of: data) { handle throws(ImageError) in
            let width = Int(photosim_heif_image_handle_get_ispe_width(handle)), height = Int(photosim_heif_image_handle_get_ispe_height(handle))
            let pixelCount = width * height
            let bits = max(photosim_heif_image_handle_get_luma_bits_per_pixel(handle), photosim_heif_image_handle_get_chroma_bits_per_pixel(handle))
            let layout = HEIFBoxes.primaryImageLayout(in: data)
                ?? HEIFBoxes.PrimaryImageLayout(chromaFormat: 3, tilePixelCount: pixelCount, copyingTransformCount: 2,
                                                tileCount: 1)
            let perPixel = bytesPerPixel(layout, sampleBytes: bits > 8 ? 2 : 1,
                                         hasAlpha: photosim_heif_image_handle_has_alpha_channel(handle) != 0, pixelCount: pixelCount)
            let codedCopy = layout.tilePixelCount == nil ? data.count : 0
            return VerificationCost(format: .heic, kind: "HEIC", pixelWidth: width, pixelHeight: height, bytesPerPixel: perPixel,
                                    fixedBytes: codedCopy + (1 << 20))
        }
    }

    /// Bytes a stored pixel takes at the peak of libheif 1.15's decode, in samples of
    /// `sampleBytes` (1, or 2 above 8 bits), the largest of its stages (`HeifContext::
    /// decode_image_planar` and `decode_full_grid_image`, libheif 1.15):
    /// - a coded image being decoded: libde265's picture and libheif's copy of it (`c` samples a
    ///   pixel each: 1 grey, 1.5 at 4:2:0, 2 at 4:2:2, 3 at 4:4:4) and libde265's block data,
    ///   about a byte a pixel; then its YCbCr planes and the planar RGB libheif turns them into;
    /// - a grid: its RGB canvas while up to ``tileDecodingThreads`` tiles go through the stages
    ///   above, counted at their own size (a grid may crop tiles far larger than itself);
    /// - `irot` or `clap`: the image and its turned or cropped copy;
    /// - an alpha plane: the RGB image while the plane is decoded;
    /// plus 1.5 samples for what the allocator keeps of freed stages. Measured peaks of 12 MP
    /// photos (not flat fixtures) stay under it: 5.2 at 4:2:0, 7.0 at 4:4:4, 7.3 turned, 6.3
    /// with alpha, 9.8 at 10 bits, 6.1 for an iPhone's grid of 512x512 tiles turned, against 6.0,
    /// 8.5, 7.5, 7.5, 12 and 7.5 here.
    static func bytesPerPixel(_ layout: HEIFBoxes.PrimaryImageLayout, sampleBytes: Double, hasAlpha: Bool,
                              pixelCount: Int) -> Double {
        let samples = [1, 1.5, 2, 3][min(3, max(0, layout.chromaFormat))] * sampleBytes
        let coded = max(2 * samples + 1, samples + 3 * sampleBytes)
        var stages: [Double]
        if let tilePixelCount = layout.tilePixelCount {
            let tilesAtOnce = min(tileDecodingThreads, max(1, layout.tileCount))
            stages = [3 * sampleBytes + Double(tilesAtOnce * tilePixelCount) / Double(max(1, pixelCount)) * coded]
        } else {
            stages = [coded]
        }
        if layout.copyingTransformCount > 0 { stages.append(6 * sampleBytes) }
        if hasAlpha { stages.append(5 * sampleBytes + 1) }
        return (stages.max() ?? coded) + 1.5 * sampleBytes
    }

    /// The primary image's upright size, after checking `ispe` (the stored size) and it against `limits`.
    private static func checkedSize(of handle: OpaquePointer, limits: ImageLimits) throws(ImageError) -> (width: Int, height: Int) {
        try limits.check(width: Int(photosim_heif_image_handle_get_ispe_width(handle)),
                         height: Int(photosim_heif_image_handle_get_ispe_height(handle)))
        let (width, height) = try size(of: handle)
        try limits.check(width: width, height: height)
        return (width, height)
    }

    /// libheif 1.15 decodes at the size the HEVC data has, whatever `ispe` says: a decoded size
    /// other than the header's is corrupt.
    private static func checkDecodedSize(of image: OpaquePointer, width: Int, height: Int) throws(ImageError) {
        let decodedWidth = Int(photosim_heif_image_get_primary_width(image))
        let decodedHeight = Int(photosim_heif_image_get_primary_height(image))
        guard decodedWidth == width && decodedHeight == height else {
            throw .corrupt(format: formatName, reason: "the header says \(width)x\(height) pixels"
                           + " but the image data is \(decodedWidth)x\(decodedHeight)")
        }
    }

    /// The primary image's upright size; a header without one is corrupt.
    private static func size(of handle: OpaquePointer) throws(ImageError) -> (width: Int, height: Int) {
        let width = Int(photosim_heif_image_handle_get_width(handle)), height = Int(photosim_heif_image_handle_get_height(handle))
        guard width > 0 && height > 0 else {
            throw .corrupt(format: formatName, reason: "the primary image has no size (\(width)x\(height))")
        }
        return (width, height)
    }

    /// Opens `data` with libheif (without copying it) and hands `body` the primary image's handle;
    /// libheif is loaded on the first call (``HEIFLibrary``), and a process without it gets
    /// ``ImageError/decoderUnavailable(format:library:reason:package:)`` for every HEIC.
    private static func withPrimaryImage<Result>(
        of data: Data,
        _ body: (OpaquePointer) throws(ImageError) -> Result
    ) throws(ImageError) -> Result {
        try HEIFLibrary.availability.get()
        guard let context = photosim_heif_context_alloc() else {
            throw .corrupt(format: formatName, reason: "libheif could not allocate a context")
        }
        defer { photosim_heif_context_free(context) }
        // libheif refuses any item (tiles, thumbnails and auxiliary images included) wider or taller
        // than this as it reads the file. Set explicitly so that it is the same with any libheif.
        photosim_heif_context_set_maximum_image_size_limit(context, Int32(libheifSideLimit))
        photosim_heif_context_set_max_decoding_threads(context, Int32(tileDecodingThreads))
        let outcome: Swift.Result<Result, ImageError> = data.withUnsafeBytes { bytes in
            do throws(ImageError) {
                do throws(ImageError) {
                    try check(photosim_heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil))
                } catch .corrupt where HEIFBoxes.endEarly(data) {
                    throw .truncated(format: formatName)
                }
                var handle: OpaquePointer?
                try check(photosim_heif_context_get_primary_image_handle(context, &handle))
                guard let handle else { throw .corrupt(format: formatName, reason: "the file has no primary image") }
                defer { photosim_heif_image_handle_release(handle) }
                return .success(try body(handle))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Decodes `handle` strictly (invalid data is an error, not grey) into `chroma`: interleaved
    /// 8-bit RGB(A), or `heif_chroma_undefined` for the planes libheif decodes into.
    private static func decodeImage(_ handle: OpaquePointer, chroma: heif_chroma) throws(ImageError) -> OpaquePointer {
        let options = photosim_heif_decoding_options_alloc()
        defer { photosim_heif_decoding_options_free(options) }
        options?.pointee.convert_hdr_to_8bit = 1
        options?.pointee.strict_decoding = 1
        var image: OpaquePointer?
        let colorspace = chroma == heif_chroma_undefined ? heif_colorspace_undefined : heif_colorspace_RGB
        try check(photosim_heif_decode_image(handle, &image, colorspace, chroma, options))
        guard let image else { throw .corrupt(format: formatName, reason: "libheif returned no image") }
        return image
    }

    /// The decoded plane as a bitmap (libheif's rows may be padded; the bitmap's are not).
    private static func copyPixels(of image: OpaquePointer, format: PixelFormat,
                                   meter: MemoryMeter?) throws(ImageError) -> Bitmap {
        let width = Int(photosim_heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(photosim_heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard width > 0, height > 0, let plane = photosim_heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride)
        else { throw .corrupt(format: formatName, reason: "libheif returned an image without pixels") }
        let rowBytes = width * format.bytesPerPixel
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, initializedCount in
            guard let target = buffer.baseAddress else { return }
            for row in 0..<height {
                (target + row * rowBytes).update(from: plane + row * Int(stride), count: rowBytes)
            }
            initializedCount = rowBytes * height
        }
        return Bitmap(width: width, height: height, format: format, pixels: pixels, meter: meter)
    }

    /// Throws the ``ImageError`` a libheif error stands for; returns on `heif_error_Ok`.
    private static func check(_ error: heif_error) throws(ImageError) {
        if error.code == heif_error_Ok { return }
        let message = error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
        if error.code == heif_error_Invalid_input && error.subcode == heif_suberror_End_of_data {
            throw .truncated(format: formatName)
        }
        throw .corrupt(format: formatName, reason: message)
    }
}
