import Platform

/// The privacy answers of one device: service, then bundle identifier, to the answer given.
///
/// Stored as JSON in `data/Library/TCC/privacy.json` (a design of ours: the real simulator keeps
/// a `TCC.db` SQLite database whose schema changes between releases; a sorted JSON file is
/// readable and diffable). A service or app without an entry has never been asked.
public struct PrivacyGrants: Codable, Equatable, Sendable {
    public private(set) var answers: [String: [String: PrivacyAuthorization]]

    public init() {
        self.answers = [:]
    }

    /// The answer for one app and service, or `nil` when the app has not been asked.
    public func authorization(for service: PrivacyService, bundleIdentifier: BundleIdentifier) -> PrivacyAuthorization? {
        answers[service.rawValue]?[bundleIdentifier.rawValue]
    }

    /// Records an answer.
    public mutating func set(_ authorization: PrivacyAuthorization, for service: PrivacyService, bundleIdentifier: BundleIdentifier) {
        answers[service.rawValue, default: [:]][bundleIdentifier.rawValue] = authorization
    }

    /// Forgets the answer of one app, or of every app when `bundleIdentifier` is `nil`.
    public mutating func reset(_ service: PrivacyService, bundleIdentifier: BundleIdentifier?) {
        if let bundleIdentifier {
            answers[service.rawValue]?[bundleIdentifier.rawValue] = nil
            if answers[service.rawValue]?.isEmpty == true { answers[service.rawValue] = nil }
        } else {
            answers[service.rawValue] = nil
        }
    }
}
