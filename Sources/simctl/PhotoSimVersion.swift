/// PhotoSim's version, stated here and nowhere else: `simctl --version` prints it, and the README
/// shows it (`SimctlVersionTests` checks that the two agree).
enum PhotoSimVersion {
    static let current = "0.1.0"

    /// What `simctl --version` prints.
    static var line: String { "simctl (PhotoSim) \(current)\n" }
}
