/// `PHPhotoLibrary` and `PHAsset`'s fetches: authorization and the assets an app may see.
///
/// With limited access a fetch sees only the assets the user selected. The first access while
/// no decision is stored (a request, or a silent fetch) without `NSPhotoLibraryUsageDescription`
/// is the TCC crash (IOS-FACTS §1), so those calls throw an ``AppTermination``. A silent fetch
/// while undecided returns nothing and shows the permission prompt, as Photos does on first use
/// (Apple's `requestAuthorization(for:handler:)` documentation).
///
/// ```swift
/// try environment.photoLibrary.requestAuthorization(for: .readWrite) { [weak self] status in
///     self?.environment.mainQueue.async("reload") { try self?.reload() }
/// }
/// let assets = try environment.photoLibrary.fetchImageAssets()   // oldest first
/// ```
public protocol PhotoLibrary: AnyObject {
    /// `PHPhotoLibrary.authorizationStatus(for:)`.
    func authorizationStatus(for accessLevel: PhotoLibraryAccessLevel) -> PhotoLibraryAuthorization
    /// `PHPhotoLibrary.requestAuthorization(for:handler:)`: prompts when undecided, otherwise
    /// answers at once; `handler` runs later on a Photos queue, not the main queue.
    ///
    /// - Throws: the TCC ``AppTermination`` when the level's usage description is missing and
    ///   nothing is decided.
    func requestAuthorization(for accessLevel: PhotoLibraryAccessLevel,
                              handler: @escaping (PhotoLibraryAuthorization) throws -> Void) throws
    /// `PHAsset.fetchAssets(with: .image, options: nil)`: every image the app may see, oldest first.
    func fetchImageAssets() throws -> [PhotoAsset]
    /// `PHAsset.fetchAssets(withLocalIdentifiers:options:)`: the assets that exist and the app may
    /// see, in the order asked; each found through the library's index, never a scan.
    func fetchAssets(withLocalIdentifiers identifiers: [String]) throws -> [PhotoAsset]
}

extension PhotoLibrary {
    /// The legacy `PHPhotoLibrary.authorizationStatus()`: `authorized` for limited (IOS-FACTS §5).
    public var legacyAuthorizationStatus: PhotoLibraryAuthorization {
        authorizationStatus(for: .readWrite).legacyStatus
    }

    /// The legacy `PHPhotoLibrary.requestAuthorization(_:)`: read-write, limited reported as authorized.
    public func requestAuthorization(handler: @escaping (PhotoLibraryAuthorization) throws -> Void) throws {
        try requestAuthorization(for: .readWrite) { status in try handler(status.legacyStatus) }
    }
}
