import Foundation

/// A `flows` glob of Maestro's `config.yaml`, matched against paths relative to the suite
/// folder: `*` and `?` within one path component (via `fnmatch`), `**` any number of
/// components, a leading `!` excludes what earlier patterns included.
public struct FlowPattern: Hashable, Sendable {
    public let pattern: String
    public let isExclusion: Bool
    private let components: [String]

    public init(_ written: String) {
        isExclusion = written.hasPrefix("!")
        pattern = isExclusion ? String(written.dropFirst()) : written
        components = Self.components(of: pattern)
    }

    /// Whether `relativePath` (components joined by `/`) matches.
    public func matches(_ relativePath: String) -> Bool {
        Self.match(components[...], relativePath.split(separator: "/").map(String.init)[...])
    }

    private static func components(of pattern: String) -> [String] {
        pattern.split(separator: "/").map(String.init).filter { $0 != "." }
    }

    private static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            if match(pattern.dropFirst(), path) { return true }
            return !path.isEmpty && match(pattern, path.dropFirst())
        }
        guard let name = path.first, fnmatch(head, name, FNM_PERIOD) == 0 else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }
}
