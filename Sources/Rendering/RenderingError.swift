/// Why a screen could not be drawn.
public enum RenderingError: Error, Equatable, CustomStringConvertible {
    /// The font family screens are drawn in is not installed.
    case fontMissing(family: String, files: [String], package: String)
    /// Cairo or Pango could not make or draw something (out of memory, a size too large).
    case drawingFailed(step: String, reason: String)
    /// cairo, fontconfig or Pango (loaded when the first screen is drawn) could not be loaded:
    /// `reason` is what the loader said, naming the file; installing the Debian `package` fixes it.
    case librariesUnavailable(reason: String, package: String)

    public var description: String {
        switch self {
        case .fontMissing(let family, let files, let package):
            return "cannot draw screens: the font \(family) (\(files.joined(separator: ", "))) is not installed; "
                + "install the Debian package \(package) (scripts/install-deps does) and try again"
        case .drawingFailed(let step, let reason):
            return "cannot draw the screen: \(step) failed: \(reason)"
        case .librariesUnavailable(let reason, let package):
            return "cannot draw screens: cairo and Pango could not be loaded (\(reason)); install the Debian package"
                + " \(package) (apt-get install \(package)), which brings in cairo, Pango, fontconfig and GLib"
        }
    }
}
