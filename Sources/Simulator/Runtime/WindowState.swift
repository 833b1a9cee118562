import Platform

/// What an app's window holds: navigation stacks (one per tab), the chain of presented screens,
/// and the selection, focus and swipe state of the elements.
struct WindowState {
    struct TabStack {
        let title: String
        var screens: [Screen]
    }

    struct Presentation {
        let screen: Screen
        let presenter: Screen
        /// What `assertPresented` calls it: fullScreen, pageSheet, formSheet, popover, actionSheet, alert.
        let styleName: String
    }

    var tabs: [TabStack] = []
    var selectedTab = 0
    var presentations: [Presentation] = []
    /// Per screen, the identifier (or label) of its selected row.
    var selections: [ObjectIdentifier: String] = [:]
    var focus: (screen: ObjectIdentifier, key: String)?
    var revealedDelete: (screen: ObjectIdentifier, key: String)?
    var names: [ObjectIdentifier: String] = [:]
    var loaded: Set<ObjectIdentifier> = []

    /// Every screen in the window: each tab's stack, then the presented chain.
    var allScreens: [Screen] {
        tabs.flatMap(\.screens) + presentations.map(\.screen)
    }

    /// The screen the user sees on top.
    var topScreen: Screen? {
        presentations.last?.screen ?? currentStack?.last
    }

    var currentStack: [Screen]? {
        tabs.indices.contains(selectedTab) ? tabs[selectedTab].screens : nil
    }

    func name(of screen: Screen) -> String {
        names[ObjectIdentifier(screen)] ?? String(describing: type(of: screen))
    }

    func contains(_ screen: Screen) -> Bool {
        names[ObjectIdentifier(screen)] != nil
    }

    /// The tab whose stack holds `screen`.
    func tabIndex(of screen: Screen) -> Int? {
        tabs.firstIndex { $0.screens.contains { $0 === screen } }
    }

    /// The key an element is found by in selection and focus: its identifier, else its label.
    static func key(of element: Element) -> String {
        element.identifier ?? element.label
    }
}
