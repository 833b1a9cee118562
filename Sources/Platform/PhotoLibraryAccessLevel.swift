/// `PHAccessLevel`, raw values as in PHPhotoLibrary.h (IOS-FACTS §5).
public enum PhotoLibraryAccessLevel: Int, Sendable, CaseIterable {
    /// Saving only (`NSPhotoLibraryAddUsageDescription`).
    case addOnly = 1
    /// Reading and writing (`NSPhotoLibraryUsageDescription`).
    case readWrite = 2

    /// The Info.plist key whose absence makes the first request a TCC crash (IOS-FACTS §1).
    public var usageDescriptionKey: UsageDescriptionKey {
        switch self {
        case .addOnly: return .photoLibraryAdd
        case .readWrite: return .photoLibrary
        }
    }
}
