/// A file or folder a scenario names (media, a container fixture, a reference image, a
/// `runFlow` file), resolved against the scenario's folder and checked to be inside the suite.
public struct SuiteFilePath: Hashable, Sendable, CustomStringConvertible {
    /// The path to open: the suite folder joined with ``relativePath``.
    public let path: String
    /// The path relative to the suite folder, as reports show it.
    public let relativePath: String

    public init(path: String, relativePath: String) {
        self.path = path
        self.relativePath = relativePath
    }

    public var description: String { relativePath }
}
