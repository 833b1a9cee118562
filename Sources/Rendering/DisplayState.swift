import Platform

/// What a device shows at one moment, as the renderer draws it: the window's current screen
/// (with its navigation bar and the tab bar), the chain of presented screens and any system
/// alert on top.
///
/// ``AppHost/displayState`` builds it from the running app; a caller may build one by hand.
///
/// ```swift
/// let state = DisplayState(statusBarTime: "12:00",
///                          window: DisplayLayer(title: "Tag", elements: [Element(kind: .button, label: "Tag Location")]))
/// let shot = try ScreenRenderer(deviceType: phone, fonts: try FontLibrary()).render(state)
/// ```
public struct DisplayState {
    /// The time in the status bar (`12:00`).
    public var statusBarTime: String
    /// The top of the current navigation stack.
    public var window: DisplayLayer
    /// The tab bar's items, left to right; empty when the window has no tab bar.
    public var tabs: [DisplayTab]
    /// Presented screens, bottom first.
    public var presentations: [DisplayPresentation]
    /// A system alert (a permission prompt) over everything.
    public var systemAlert: DisplayAlert?

    public init(statusBarTime: String, window: DisplayLayer, tabs: [DisplayTab] = [],
                presentations: [DisplayPresentation] = [], systemAlert: DisplayAlert? = nil) {
        self.statusBarTime = statusBarTime
        self.window = window
        self.tabs = tabs
        self.presentations = presentations
        self.systemAlert = systemAlert
    }
}

/// One screen as drawn: the navigation bar (title, back button) and its elements in order.
/// Navigation-button elements go into the bar (the first on the left when there is no back
/// button, the rest on the right); tab elements are ignored (``DisplayState/tabs`` draws those).
public struct DisplayLayer {
    public var title: String
    /// The back button's title, when the screen was pushed.
    public var backTitle: String?
    public var elements: [Element]
    /// The row whose swipe-to-delete button shows: its identifier, else its label.
    public var revealedDeleteKey: String?

    public init(title: String, backTitle: String? = nil, elements: [Element], revealedDeleteKey: String? = nil) {
        self.title = title
        self.backTitle = backTitle
        self.elements = elements
        self.revealedDeleteKey = revealedDeleteKey
    }
}

/// A tab bar item.
public struct DisplayTab: Equatable {
    public var title: String
    public var isSelected: Bool

    public init(title: String, isSelected: Bool) {
        self.title = title
        self.isSelected = isSelected
    }
}

/// A presented screen and how it is presented.
public struct DisplayPresentation {
    /// The resolved style as the host names it: `fullScreen`, `pageSheet`, `formSheet`,
    /// `popover`, `actionSheet`, `alert`, `overFullScreen` ...
    public var styleName: String
    public var layer: DisplayLayer
    /// For an alert or action sheet: its title, message and actions.
    public var alert: DisplayAlert?

    public init(styleName: String, layer: DisplayLayer, alert: DisplayAlert? = nil) {
        self.styleName = styleName
        self.layer = layer
        self.alert = alert
    }
}

/// An alert, action sheet or system prompt: title, message and buttons in display order.
public struct DisplayAlert: Equatable {
    public var title: String?
    public var message: String?
    public var actions: [DisplayAction]

    public init(title: String?, message: String?, actions: [DisplayAction]) {
        self.title = title
        self.message = message
        self.actions = actions
    }
}

/// One button of a ``DisplayAlert``.
public struct DisplayAction: Equatable {
    public var title: String
    public var style: AlertAction.Style

    public init(title: String, style: AlertAction.Style = .default) {
        self.title = title
        self.style = style
    }
}
