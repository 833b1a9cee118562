/// An `Info.plist` key whose string tells the user why the app wants a protected resource; iOS
/// shows it in the permission prompt and terminates an app that asks without it (IOS-FACTS §1:
/// "The app's Info.plist must contain an <KEY> key with a string value explaining to the user
/// how the app uses this data").
///
/// Raw values are the keys as Apple spells them in an `Info.plist`.
public enum UsageDescriptionKey: String, CaseIterable, Sendable, Comparable {
    /// Camera capture (`UIImagePickerController` with the camera, `AVCaptureDevice`).
    case camera = "NSCameraUsageDescription"
    /// Reading and writing the photo library through PhotoKit.
    case photoLibrary = "NSPhotoLibraryUsageDescription"
    /// Adding to the photo library only (`UIImageWriteToSavedPhotosAlbum`, iOS 11+).
    case photoLibraryAdd = "NSPhotoLibraryAddUsageDescription"

    public static func < (left: UsageDescriptionKey, right: UsageDescriptionKey) -> Bool { left.rawValue < right.rawValue }
}
