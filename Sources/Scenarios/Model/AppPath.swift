/// A path inside the app's data container (`Documents/Photo-1.jpg`, `Library/Preferences`).
///
/// Always relative, never empty, with no `..` component, so it cannot name anything outside
/// the container; `.` components and repeated slashes are dropped.
public struct AppPath: Hashable, Sendable, CustomStringConvertible {
    /// The normalized relative path, components joined with `/`.
    public let path: String

    /// A path, or nil when it is absolute, empty or climbs out with `..`.
    public init?(_ text: String) {
        guard !text.hasPrefix("/") else { return nil }
        let components = text.split(separator: "/").filter { $0 != "." }
        guard !components.isEmpty, !components.contains("..") else { return nil }
        path = components.joined(separator: "/")
    }

    public var description: String { path }
}
