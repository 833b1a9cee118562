import CHeif

/// libheif, opened with `dlopen` when a process reads its first HEIC, not when it starts.
///
/// Nothing links `-lheif`: a process that reads no HEIC (`simctl list`, an import of JPEGs) never
/// maps libheif and the codecs it pulls in. The first HEIC opens ``fileName`` and resolves every
/// function ``HEIFReader`` calls (the C target `CHeif`, whose wrappers have libheif's own types);
/// that happens once per process, and its outcome holds for the process's lifetime. Without the
/// library every HEIC fails with ``ImageError/decoderUnavailable(format:library:reason:package:)``,
/// naming what `dlopen` said and the Debian package to install; other formats are not affected.
///
/// ```swift
/// if case .failure(let error) = HEIFLibrary.availability { print(error) }
/// ```
enum HEIFLibrary {
    /// The shared library opened: libheif's ABI 1, as Debian's ``package`` installs it.
    static let fileName = PHOTOSIM_HEIF_LIBRARY
    /// The Debian package that installs ``fileName``.
    static let package = "libheif1"

    /// Whether libheif could be loaded, tried on first use (Swift runs a static's initializer
    /// once, thread-safely, so decodes started on several threads at once load it once).
    static let availability: Result<Void, ImageError> = load(fileName)

    /// Opens `fileName` and resolves libheif's functions from it; the failure says why not.
    /// A success makes the wrappers usable for the rest of the process (tests load a library
    /// that is not there, which leaves them as they were).
    static func load(_ fileName: String) -> Result<Void, ImageError> {
        var message = [CChar](repeating: 0, count: 1_024)
        guard photosim_heif_load(fileName, &message, message.count) == 0 else { return .success(()) }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .failure(.decoderUnavailable(format: ImageFormat.heic.rawValue, library: fileName, reason: reason,
                                            package: package))
    }
}
