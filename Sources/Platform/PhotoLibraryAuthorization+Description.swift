extension PhotoLibraryAuthorization: CustomStringConvertible {
    /// The Swift case name (`limited`), as traces and failures print it.
    public var description: String {
        switch self {
        case .notDetermined: return "notDetermined"
        case .restricted: return "restricted"
        case .denied: return "denied"
        case .authorized: return "authorized"
        case .limited: return "limited"
        }
    }

    /// What the legacy `PHPhotoLibrary.authorizationStatus()` reports: `authorized` when the
    /// user chose limited access (IOS-FACTS §5, PHPhotoLibrary.h).
    public var legacyStatus: PhotoLibraryAuthorization {
        self == .limited ? .authorized : self
    }
}
