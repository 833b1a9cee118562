/// An ``AssetLookup`` over a dictionary: a small library for tests and examples.
///
/// ```swift
/// let library = DictionaryAssetLookup([summary])
/// library.removeAsset(summary.identifier)   // the user deleted the photo
/// ```
public final class DictionaryAssetLookup: AssetLookup {
    private var summaries: [AssetIdentifier: AssetSummary]
    /// How many times ``assets(for:)`` was asked, so tests can check that lookups are batched.
    public private(set) var lookupCount = 0

    public init(_ summaries: [AssetSummary] = []) {
        self.summaries = Dictionary(summaries.map { ($0.identifier, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Adds or replaces an asset.
    public func addAsset(_ summary: AssetSummary) {
        summaries[summary.identifier] = summary
    }

    /// Deletes an asset from the library.
    public func removeAsset(_ identifier: AssetIdentifier) {
        summaries[identifier] = nil
    }

    public func assets(for identifiers: [AssetIdentifier]) -> [AssetIdentifier: AssetSummary] {
        lookupCount += 1
        var found: [AssetIdentifier: AssetSummary] = [:]
        for identifier in identifiers {
            if let summary = summaries[identifier] { found[identifier] = summary }
        }
        return found
    }
}
