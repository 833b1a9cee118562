import Platform

/// What an app's window holds: navigation stacks (one per tab), the chain of presented screens,
/// and the selection, focus and swipe state of the elements.
package struct WindowState {
    package struct TabStack {
        package let title: String
        var screens: [Screen]
    }

    package struct Presentation {
        package let screen: Screen
        let presenter: Screen
        /// What `assertPresented` calls it: fullScreen, pageSheet, formSheet, popover, actionSheet, alert.
        package let styleName: String
    }

    package var tabs: [TabStack] = []
    package var selectedTab = 0
    package var presentations: [Presentation] = []
    /// Per screen, the identifier (or label) of its selected row.
    package var selections: [ObjectIdentifier: String] = [:]
    package var focus: (screen: ObjectIdentifier, key: String)?
    package var revealedDelete: (screen: ObjectIdentifier, key: String)?
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

    package var currentStack: [Screen]? {
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
    package static func key(of element: Element) -> String {
        element.identifier ?? element.label
    }
}
