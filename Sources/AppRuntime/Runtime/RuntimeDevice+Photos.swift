import Platform

/// Test and scenario controls for the device's photo services: the limited-library selection
/// (`limitedLibrary:` in a scenario) and which compose services are available.
extension RuntimeDevice {
    /// Selects, for limited photo-library access, the assets at `indices` in the library's order
    /// (oldest first; -1 is the newest).
    ///
    /// - Throws: ``RuntimeError/noSuchAsset(index:count:)`` for an index the library does not have.
    public func selectLimitedLibrary(indices: [Int]) throws {
        limitedLibrarySelection = try indices.map { try mediaLibrary.asset(at: $0).localIdentifier }
    }

    /// Selects, for limited photo-library access, the assets with these identifiers.
    ///
    /// - Throws: ``RuntimeError/unknownAsset(localIdentifier:)`` for one the library does not have.
    public func selectLimitedLibrary(localIdentifiers: [String]) throws {
        for identifier in localIdentifiers where try mediaLibrary.asset(for: identifier) == nil {
            throw RuntimeError.unknownAsset(localIdentifier: identifier)
        }
        limitedLibrarySelection = localIdentifiers
    }

    /// Makes the compose sheet of `serviceType` available or not (`SLComposeViewController.isAvailable`).
    public func setComposeService(_ serviceType: ComposeServiceType, available: Bool) {
        if available {
            unavailableComposeServices.remove(serviceType)
        } else {
            unavailableComposeServices.insert(serviceType)
        }
    }
}
