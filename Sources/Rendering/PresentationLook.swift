/// How a presented screen is drawn, from the style name the host resolved (IOS-FACTS §7).
enum PresentationLook: Equatable {
    /// A card over a dimmed window: pageSheet, formSheet.
    case sheet
    /// Covers the whole screen: fullScreen, overFullScreen, currentContext and the rest.
    case cover
    /// A bubble with an arrow (iPad): popover.
    case popover
    /// Buttons in rounded groups at the bottom: actionSheet.
    case actionSheet
    /// A small centred box: alert.
    case alert

    init(styleName: String) {
        switch styleName {
        case "pageSheet", "formSheet", "automatic": self = .sheet
        case "popover": self = .popover
        case "actionSheet": self = .actionSheet
        case "alert": self = .alert
        default: self = .cover
        }
    }
}
