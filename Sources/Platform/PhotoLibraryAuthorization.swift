/// `PHAuthorizationStatus`, raw values as in PHPhotoLibrary.h (IOS-FACTS §5).
public enum PhotoLibraryAuthorization: Int, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorized = 3
    case limited = 4
}
