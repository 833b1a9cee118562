/// The log's entries matched against the library: those whose asset is still there, and
/// those whose asset was deleted. Both keep the log's order.
public struct AssetResolution: Equatable, Sendable {
    /// An entry and the asset it names.
    public struct Resolved: Equatable, Sendable {
        public let reference: AssetReference
        public let asset: AssetSummary
    }

    public let resolved: [Resolved]
    /// Entries whose asset is no longer in the library (the user deleted the photo).
    public let missing: [AssetReference]
}
