extension PlatformError {
    /// `PHPhotosErrorDomain`, codes from PHError.h (iOS 15 SDK).
    public static let photosErrorDomain = "PHPhotosErrorDomain"

    /// `PHPhotosErrorIdentifierNotFound` (3201): the asset is no longer in the library.
    public static func photosIdentifierNotFound(_ localIdentifier: String) -> PlatformError {
        PlatformError(domain: photosErrorDomain, code: 3201,
                      localizedDescription: "No asset with identifier \(localIdentifier) was found in the photo library.")
    }

    /// `PHPhotosErrorAccessUserDenied` (3311): the user has not allowed access to this asset.
    public static let photosAccessUserDenied = PlatformError(
        domain: photosErrorDomain, code: 3311, localizedDescription: "The user has denied access to the photo library.")

    /// `PHPhotosErrorAccessRestricted` (3310): access is restricted by the device's configuration.
    public static let photosAccessRestricted = PlatformError(
        domain: photosErrorDomain, code: 3310, localizedDescription: "Access to the photo library is restricted.")

    /// `PHPhotosErrorInvalidResource` (3302): the asset's file could not be decoded.
    public static func photosInvalidResource(_ reason: String) -> PlatformError {
        PlatformError(domain: photosErrorDomain, code: 3302, localizedDescription: "The asset's image could not be read: \(reason)")
    }
}
