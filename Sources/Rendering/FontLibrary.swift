import CRendering
import Foundation

/// The one font family screens are drawn in, loaded so that nothing else on the machine is seen.
///
/// Text must come out the same on every machine with the package installed, so the library
/// finds DejaVu Sans (regular and bold, from `fonts-dejavu-core`) through the system's
/// fontconfig, then builds a private fontconfig configuration that holds only those two files:
/// a user's font settings or other installed fonts cannot change a glyph. Missing files are a
/// ``RenderingError/fontMissing(family:files:package:)``, never a silent fallback. Making the
/// first library loads cairo, fontconfig and Pango (``RenderingLibraries``).
///
/// Pango font maps are not thread-safe: every use goes through ``withFontMap(_:)``, which
/// serialises callers.
///
/// ```swift
/// let fonts = try FontLibrary()
/// let renderer = ScreenRenderer(deviceType: phone, fonts: fonts)
/// ```
public final class FontLibrary: @unchecked Sendable {
    /// The family every label is set in.
    public static let family = "DejaVu Sans"
    /// The files it needs: regular and bold.
    public static let fileNames = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"]
    /// The Debian package that installs them.
    public static let package = "fonts-dejavu-core"

    /// The font files in use, regular then bold.
    public let filePaths: [String]
    private let configuration: OpaquePointer
    private let fontMap: OpaquePointer
    private let lock = NSLock()

    /// Finds the font files and makes a font map that sees only them.
    public convenience init() throws(RenderingError) {
        try self.init(fileNames: Self.fileNames)
    }

    /// Loads the family's files named `fileNames` (tests ask for a file that is not there).
    init(fileNames: [String]) throws(RenderingError) {
        try RenderingLibraries.availability.get()
        let found = Self.installedFiles()
        let paths = fileNames.compactMap { name in found.first { $0.hasSuffix("/" + name) } }
        guard paths.count == fileNames.count else {
            throw .fontMissing(family: Self.family, files: fileNames, package: Self.package)
        }
        guard let configuration = photosim_FcConfigCreate() else {
            throw .drawingFailed(step: "fontconfig configuration", reason: "out of memory")
        }
        for path in paths where photosim_FcConfigAppFontAddFile(configuration, path) == 0 {
            photosim_FcConfigDestroy(configuration)
            throw .drawingFailed(step: "loading the font \(path)", reason: "fontconfig cannot read the file")
        }
        guard let fontMap = photosim_font_map_with_config(configuration) else {
            photosim_FcConfigDestroy(configuration)
            throw .drawingFailed(step: "Pango font map", reason: "no FreeType font map")
        }
        self.filePaths = paths
        self.configuration = configuration
        self.fontMap = fontMap
    }

    deinit {
        photosim_object_unref(UnsafeMutableRawPointer(fontMap))
        photosim_FcConfigDestroy(configuration)
    }

    /// Runs `body` with the font map, one caller at a time.
    func withFontMap<Result>(_ body: (OpaquePointer) throws(RenderingError) -> Result) throws(RenderingError) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(fontMap)
    }

    /// The files of the family as the system's fontconfig lists them.
    private static func installedFiles() -> [String] {
        guard let pattern = photosim_FcPatternCreate() else { return [] }
        defer { photosim_FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { photosim_FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        guard let objects = photosim_FcObjectSetCreate() else { return [] }
        defer { photosim_FcObjectSetDestroy(objects) }
        _ = photosim_FcObjectSetAdd(objects, FC_FILE)
        guard let list = photosim_FcFontList(nil, pattern, objects) else { return [] }
        defer { photosim_FcFontSetDestroy(list) }
        var files: [String] = []
        for index in 0..<Int(list.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            guard let font = list.pointee.fonts[index], photosim_FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch,
                  let file else { continue }
            files.append(String(cString: file))
        }
        return files.sorted()
    }
}
