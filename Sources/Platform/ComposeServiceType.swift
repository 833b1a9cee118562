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
