import Core

/// An `AssetLookup` over a dictionary: a photo library for tests and examples.
///
/// It keeps the ``AssetLookupContract`` and counts look-ups, so a test can check that code
/// resolving many references asks the library once.
///
/// ```swift
/// import Core
/// import PhotoSimTesting
///
/// let summary = AssetSummary(identifier: AssetIdentifier(uuid: SplitMix64(seed: 1).makeUUID()),
///                            pixelWidth: 4032, pixelHeight: 3024)
/// let library = DictionaryAssetLookup([summary])
/// library.removeAsset(summary.identifier)   // the user deleted the photo
/// // try log.resolve(with: library).missing now holds the log's entries for that photo.
/// ```
public final class DictionaryAssetLookup: AssetLookup {
    private var summaries: [AssetIdentifier: AssetSummary]
    /// How many times ``assets(for:)`` was asked, so tests can check that lookups are batched.
    public private(set) var lookupCount = 0

    /// A library holding `summaries` (the last one wins when two share an identifier).
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
