/// Why an image could not be read or written. Each case says what the input was and what to do.
public enum ImageError: Error, Equatable, CustomStringConvertible {
    /// The data has no bytes at all.
    case empty
    /// The bytes are not a format Core reads. `detected` names what they look like.
    case unsupportedFormat(detected: String)
    /// The header claims more pixels than ``ImageLimits/maximumPixelCount``; nothing was allocated.
    case tooLarge(width: Int, height: Int, limitPixels: Int)
    /// The data starts like one of the ``ImageFormat``s but cannot be decoded.
    case corrupt(format: String, reason: String)
    /// The data ends before the image does; refused rather than shown part grey (see ``ImageDecoder``).
    case truncated(format: String)
    /// Encoding failed (a library error).
    case encodingFailed(reason: String)
    /// The shared library that reads `format` could not be loaded (it is opened on first use, see
    /// `HEIFLibrary`): `reason` is what the loader said; installing the Debian `package` fixes it.
    case decoderUnavailable(format: String, library: String, reason: String, package: String)

    public var description: String {
        switch self {
        case .empty:
            return "the image is empty (0 bytes); supported formats are \(ImageFormat.supportedList)"
        case .unsupportedFormat(let detected):
            return "unsupported image format (\(detected)); supported formats are \(ImageFormat.supportedList)"
        case .tooLarge(let width, let height, let limit):
            return "image of \(width)x\(height) pixels is larger than the limit of \(limit) pixels"
        case .corrupt(let format, let reason):
            return "corrupt \(format) image: \(reason)"
        case .truncated(let format):
            return "truncated \(format) image: the file ends before the image data does"
        case .encodingFailed(let reason):
            return "could not encode the image: \(reason)"
        case .decoderUnavailable(let format, let library, let reason, let package):
            return "cannot read \(format) images: \(library) could not be loaded (\(reason)); "
                + "install the Debian package \(package) (apt-get install \(package))"
        }
    }
}
