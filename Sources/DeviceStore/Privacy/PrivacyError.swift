/// Why a privacy change was refused before anything was written.
public enum PrivacyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The service is neither `all` nor one of ``PrivacyService``'s names.
    case unknownService(String)
    /// `grant` and `revoke` name the app they apply to; only `reset` may leave it out.
    case bundleIdentifierRequired(PrivacyAction)

    public var description: String {
        switch self {
        case .unknownService(let name):
            return "Unknown privacy service: \(name)"
        case .bundleIdentifierRequired(let action):
            return "\(action.rawValue) requires a bundle identifier."
        }
    }
}
