import Core
import Platform

/// The window system: presentation, navigation, selection and focus, as UIKit does them.
extension AppProcess: ScreenContainer {
    public func present(_ screen: Screen, from presenter: Screen, style: PresentationStyle, animated: Bool) throws {
        guard isAlive else { return }
        guard window.contains(presenter), canPresent(from: presenter) else {
            // UIKit logs "Attempt to present … whose view is not in the window hierarchy" or
            // "… which is already presenting" and does nothing.
            trace.record(.presentIgnored(presenter: window.name(of: presenter), screenType: "\(type(of: screen))",
                                         isAlreadyPresenting: window.contains(presenter)))
            return
        }
        if let picker = screen as? ImagePickerController, picker.sourceType == .camera { try checkCameraUsage() }
        if let alert = screen as? AlertScreen, alert.preferredStyle == .actionSheet, host.device.traits.idiom == .pad,
           alert.popoverAnchor == nil {
            let termination = AppTermination.uncaughtException(name: "NSGenericException", reason: UIKitExceptionText.actionSheetWithoutPopoverAnchor(
                alert: "<UIAlertController: \(window.name(of: alert))>", presenterType: "\(type(of: presenter))",
                presenter: "<\(type(of: presenter)): \(window.name(of: presenter))>"))
            recordTermination(termination)
            throw termination
        }
        let styleName = resolvedStyle(of: screen, requested: style)
        attach(screen)
        window.presentations.append(WindowState.Presentation(screen: screen, presenter: presenter, styleName: styleName))
        trace.record(.presented(screen: window.name(of: screen), presenter: window.name(of: presenter), style: styleName,
                                animated: animated))
        try appear(screen)
        if styleName == "fullScreen" { try presenter.viewDidDisappear() }
        if let picker = screen as? ImagePickerController, picker.sourceType == .camera { promptForCameraIfUndecided() }
    }

    public func dismiss(from screen: Screen, animated: Bool) throws {
        guard isAlive else { return }
        let index = window.presentations.firstIndex { $0.presenter === screen }
            ?? window.presentations.firstIndex { $0.screen === screen }
        guard let index else {
            trace.record(.dismissIgnored(screen: window.name(of: screen)))
            return
        }
        let removed = Array(window.presentations[index...])
        window.presentations.removeSubrange(index...)
        for presentation in removed.reversed() {
            trace.record(.dismissed(screen: window.name(of: presentation.screen), animated: animated))
            if presentation.screen is ImagePickerController { prompt = nil }
            detach(presentation.screen)
        }
        if removed[0].styleName == "fullScreen" { try appear(removed[0].presenter) }
    }

    public func presentedScreen(of screen: Screen) -> Screen? {
        window.presentations.first { $0.presenter === screen }?.screen
    }

    public func presentingScreen(of screen: Screen) -> Screen? {
        window.presentations.first { $0.screen === screen }?.presenter
    }

    public func push(_ screen: Screen, from: Screen, animated: Bool) throws {
        guard isAlive else { return }
        guard let tab = window.tabIndex(of: from) else {
            trace.record(.pushIgnored(screen: window.name(of: from)))
            return
        }
        let previous = window.tabs[tab].screens.last
        attach(screen)
        window.tabs[tab].screens.append(screen)
        trace.record(.pushed(screen: window.name(of: screen), animated: animated))
        try appear(screen)
        try previous?.viewDidDisappear()
    }

    public func pop(from screen: Screen, animated: Bool) throws {
        guard isAlive, let tab = window.tabIndex(of: screen), window.tabs[tab].screens.count > 1 else { return }
        let removed = window.tabs[tab].screens.removeLast()
        trace.record(.popped(screen: window.name(of: removed), animated: animated))
        if let top = window.tabs[tab].screens.last { try appear(top) }
        try removed.viewDidDisappear()
        detach(removed)
    }

    public func deselect(_ identifier: String, in screen: Screen) {
        if window.selections[ObjectIdentifier(screen)] == identifier { window.selections[ObjectIdentifier(screen)] = nil }
    }

    public func endEditing(in screen: Screen) {
        if window.focus?.screen == ObjectIdentifier(screen) {
            trace.record(.editingEnded(screen: window.name(of: screen)))
            window.focus = nil
        }
    }

    public func systemElements(of screen: Screen) -> [Element] {
        pickerElements(of: screen)
    }

    // MARK: - Helpers

    /// Names and tracks a screen joining the window.
    func attach(_ screen: Screen) {
        let id = ObjectIdentifier(screen)
        guard window.names[id] == nil else { return }
        let name = host.names.name(of: screen)
        window.names[id] = name
        host.world.leakTracker.track(screen, kind: "screen", owner: name)
    }

    /// Forgets a screen leaving the window; from now on it should die.
    func detach(_ screen: Screen) {
        let id = ObjectIdentifier(screen)
        guard let name = window.names.removeValue(forKey: id) else { return }
        window.selections[id] = nil
        window.loaded.remove(id)
        if window.focus?.screen == id { window.focus = nil }
        if window.revealedDelete?.screen == id { window.revealedDelete = nil }
        host.world.leakTracker.ownerClosed(name)
    }

    /// viewDidLoad (once), then viewWillAppear. The screen's row selection is cleared as it
    /// appears, as a `UITableViewController` does with `clearsSelectionOnViewWillAppear` (true by
    /// default, Apple's documentation): the reference texts' list and details screens are table
    /// view controllers, so a row tapped before a push is no longer selected after the pop.
    func appear(_ screen: Screen) throws {
        let id = ObjectIdentifier(screen)
        if !window.loaded.contains(id) {
            window.loaded.insert(id)
            try screen.viewDidLoad()
        }
        window.selections[id] = nil
        try screen.viewWillAppear()
    }

    private func canPresent(from presenter: Screen) -> Bool {
        if let top = window.presentations.last { return top.screen === presenter }
        return window.currentStack?.contains { $0 === presenter } ?? false
    }

    /// The style a presentation ends up with (IOS-FACTS §7).
    private func resolvedStyle(of screen: Screen, requested: PresentationStyle) -> String {
        let pad = host.device.traits.idiom == .pad
        if let alert = screen as? AlertScreen {
            return alert.preferredStyle == .alert ? "alert" : (pad ? "popover" : "actionSheet")
        }
        if let picker = screen as? ImagePickerController {
            if picker.sourceType == .camera { return "fullScreen" }
            if pad { return "popover" }
        }
        // A popover in a horizontally compact environment (every iPhone) shows full screen
        // (UIModalPresentationStyle.popover's adaptive default; the seed's library picker asks for one).
        if requested == .popover && !pad { return "fullScreen" }
        guard requested == .automatic else { return requested.description }
        let major = Int(host.device.systemVersion.split(separator: ".").first ?? "0") ?? 0
        return major >= 18 ? "formSheet" : "pageSheet"
    }
}
