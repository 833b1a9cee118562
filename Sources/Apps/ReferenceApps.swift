import Platform

/// The four apps of the reference texts, which every new or erased device of `simctl` comes with
/// and `simctl run` knows (docs/runtime.md). A team's runner starts from these or from none.
public enum ReferenceApps {
    /// LootLogger, MyLocations, PhotoBlobs and PhotoShare, sorted by bundle identifier.
    public static let all: [AppDefinition] = [LootLogger.definition, MyLocations.definition,
                                              PhotoBlobs.definition, PhotoShare.definition]
}
