// `import Photos` brings UIKit's Foundation with it, as Apple's Photos brings Foundation.
@_exported import Foundation
import UIKit

/// The device's photo library (Apple: Photos › PHPhotoLibrary). Here it is what a
/// `PHPickerConfiguration(photoLibrary:)` names so that the picker's results carry their
/// assets' identifiers; authorization, fetches and changes are not here yet (docs/photos.md).
open class PHPhotoLibrary: NSObject {
    nonisolated(unsafe) private static let sharedLibrary = PHPhotoLibrary()

    /// The library of the device the app runs on.
    open class func shared() -> PHPhotoLibrary { sharedLibrary }
}

/// Apple: `PHAuthorizationStatus` (PHPhotoLibrary.h: notDetermined 0, restricted 1, denied 2,
/// authorized 3, limited 4; IOS-FACTS §5).
public enum PHAuthorizationStatus: Int, Sendable {
    case notDetermined = 0, restricted = 1, denied = 2, authorized = 3, limited = 4
}

/// Apple: `PHAccessLevel` (addOnly 1, readWrite 2; IOS-FACTS §5).
public enum PHAccessLevel: Int, Sendable {
    case addOnly = 1, readWrite = 2
}
