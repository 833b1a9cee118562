import CRendering

/// cairo, fontconfig and Pango, opened with `dlopen` when a process draws its first screen, not
/// when it starts.
///
/// Nothing links them: a command that draws nothing (`simctl list`, `addmedia`, `boot`) never maps
/// them, nor GLib, HarfBuzz, FreeType, pixman and X11 beneath them. ``FontLibrary`` loads them
/// before it makes its font map, which every ``Canvas`` needs, so no drawing happens before.
/// The load happens once per process (the C target `CRendering` resolves every function PhotoSim
/// calls, each wrapper of the library's own type); without the libraries every screenshot fails
/// with ``RenderingError/librariesUnavailable(reason:package:)``, naming what `dlopen` said and
/// the Debian package to install.
enum RenderingLibraries {
    /// The Debian package whose dependencies install every library drawing needs.
    static let package = PHOTOSIM_RENDERING_PACKAGE

    /// Whether the libraries could be loaded, tried on first use (Swift runs a static's
    /// initializer once, thread-safely).
    static let availability: Result<Void, RenderingError> = {
        var message = [CChar](repeating: 0, count: 1_024)
        guard photosim_rendering_load(&message, message.count) == 0 else { return .success(()) }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .failure(.librariesUnavailable(reason: reason, package: package))
    }()
}
