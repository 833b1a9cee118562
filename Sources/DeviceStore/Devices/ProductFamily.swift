/// The family a device type belongs to, as `simctl list --json` prints it in `productFamily`.
public enum ProductFamily: String, Sendable, Codable, CaseIterable {
    case iPhone = "iPhone"
    case iPad = "iPad"
    /// Phone-sized devices that are not phones (the iPod touch).
    case iPod = "iPod"

    /// `UIDeviceFamily` number of the family (1 iPhone and iPod touch, 2 iPad), as in an app's
    /// `Info.plist` and a device type's `supportedProductFamilyIDs`.
    public var deviceFamilyIdentifier: Int {
        switch self {
        case .iPhone, .iPod: return 1
        case .iPad: return 2
        }
    }
}
