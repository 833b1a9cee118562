/// `SLServiceType…`: the social services `SLComposeViewController` posts to; raw values are the
/// SDK's strings (`com.apple.social.twitter` ...).
public struct ComposeServiceType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let twitter = ComposeServiceType(rawValue: "com.apple.social.twitter")
    public static let facebook = ComposeServiceType(rawValue: "com.apple.social.facebook")
    public static let sinaWeibo = ComposeServiceType(rawValue: "com.apple.social.sinaweibo")
    public static let tencentWeibo = ComposeServiceType(rawValue: "com.apple.social.tencentweibo")

    /// The services `SLComposeViewController` knows (SLServiceTypes.h; LinkedIn's sheet is not
    /// modelled).
    public static let all: [ComposeServiceType] = [.twitter, .facebook, .sinaWeibo, .tencentWeibo]

    /// The services a device of `systemVersion` offers: none from iOS 11, which removed the
    /// system's social accounts from Settings (so `isAvailable(forServiceType:)` answers false
    /// for each, as the Social module's sheet does in an app process), every one before.
    public static func available(onSystemVersion systemVersion: String) -> Set<ComposeServiceType> {
        let major = Int(systemVersion.split(separator: ".").first ?? "") ?? 0
        return major >= 11 ? [] : Set(all)
    }

    /// The service's name as its compose sheet titles it.
    public var displayName: String {
        switch self {
        case .twitter: return "Twitter"
        case .facebook: return "Facebook"
        case .sinaWeibo: return "Sina Weibo"
        case .tencentWeibo: return "Tencent Weibo"
        default: return rawValue
        }
    }

    public var description: String { rawValue }
}
