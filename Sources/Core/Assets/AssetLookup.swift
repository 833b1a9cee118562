/// Finds library assets by identifier: the simulator's media library, or a dictionary in tests.
///
/// Contract (`AssetLookupContract` in the PhotoSimTesting library checks it for any implementation):
/// - The answer holds exactly the asked-for identifiers whose asset exists; a deleted or
///   unknown one is absent, never an error. It throws only when the library itself cannot be
///   read (a damaged database), so a failure is never mistaken for deleted assets.
/// - Each summary's ``AssetSummary/identifier`` equals its key.
/// - Asking twice for an identifier, or in another order, gives the same answer.
/// - Cost grows with the number of identifiers asked for, not with the size of the library
///   (an index lookup per identifier, never a scan of every asset).
public protocol AssetLookup: AnyObject {
    /// The assets that still exist among `identifiers`, by identifier.
    func assets(for identifiers: [AssetIdentifier]) throws -> [AssetIdentifier: AssetSummary]
}
