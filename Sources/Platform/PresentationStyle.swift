/// `UIModalPresentationStyle`, raw values as in UIViewController.h (IOS-FACTS §7).
public enum PresentationStyle: Int, Sendable, CustomStringConvertible {
    case automatic = -2
    case none = -1
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7

    public var description: String {
        switch self {
        case .automatic: return "automatic"
        case .none: return "none"
        case .fullScreen: return "fullScreen"
        case .pageSheet: return "pageSheet"
        case .formSheet: return "formSheet"
        case .currentContext: return "currentContext"
        case .custom: return "custom"
        case .overFullScreen: return "overFullScreen"
        case .overCurrentContext: return "overCurrentContext"
        case .popover: return "popover"
        }
    }
}
