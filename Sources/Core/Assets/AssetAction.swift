/// What the user did with a library asset; the raw value is what the log stores.
public enum AssetAction: String, Sendable, CaseIterable {
    /// The asset was shared (posted) from the app.
    case shared = "Shared"
    /// The user opened the share sheet for the asset, then cancelled it.
    case cancelled = "Cancelled"
}
