import AppRuntime
import Foundation
import Platform

/// What the device shows, as a PNG: the running app's screen, or the home screen.
extension AppHost {
    /// The status bar's time from the world's clock (`12:00` at the runtime epoch).
    public var statusBarTime: String {
        StatusBarClock.text(for: world.dateClock(epochDate: RuntimeDevice.epochDate).now)
    }

    /// What the app shows now, or nil when it is not in the foreground (not running, in the
    /// background, ended): then the device shows the home screen.
    public var displayState: DisplayState? {
        guard let process, process.state.isRunning, process.state != .background else { return nil }
        return process.displayState(statusBarTime: statusBarTime)
    }

    /// Draws the device's screen: the app's when it is in the foreground, else the home screen
    /// with `homeScreenApps` (display names; by default this app's). Pass a `renderer` to reuse
    /// its fonts across many shots.
    public func screenshot(renderer given: ScreenRenderer? = nil, homeScreenApps: [String]? = nil) throws(RenderingError) -> Screenshot {
        let renderer: ScreenRenderer
        if let given { renderer = given } else { renderer = try makeRenderer() }
        guard let state = displayState else {
            return try renderer.renderHomeScreen(appNames: homeScreenApps ?? [device.displayName], statusBarTime: statusBarTime)
        }
        return try renderer.render(state)
    }

    /// A renderer for this device type with freshly loaded fonts.
    public func makeRenderer() throws(RenderingError) -> ScreenRenderer {
        ScreenRenderer(deviceType: device.deviceType, fonts: try FontLibrary())
    }

    /// The device's screen as PNG bytes (see ``screenshot(renderer:homeScreenApps:)``).
    public func screenshotPNG(homeScreenApps: [String]? = nil) throws(RenderingError) -> Data {
        try screenshot(homeScreenApps: homeScreenApps).pngData
    }
}

extension AppProcess {
    /// The window's current screen, the presented chain and the prompt, as the renderer takes them.
    func displayState(statusBarTime: String) -> DisplayState {
        let stack = window.currentStack ?? []
        let base = stack.last.map { top in
            layer(of: top, backTitle: stack.count > 1 ? (stack[stack.count - 2].title.isEmpty ? "Back" : stack[stack.count - 2].title) : nil)
        } ?? DisplayLayer(title: "", elements: [])
        let tabs = window.tabs.count > 1
            ? window.tabs.enumerated().map { DisplayTab(title: $0.element.title, isSelected: $0.offset == window.selectedTab) }
            : []
        let presentations = window.presentations.map { presentation in
            DisplayPresentation(styleName: presentation.styleName, layer: layer(of: presentation.screen, backTitle: nil),
                                alert: (presentation.screen as? AlertScreen).map(Self.displayAlert))
        }
        let alert = prompt.map { prompt in
            DisplayAlert(title: prompt.title, message: prompt.message,
                         actions: prompt.buttons.map { DisplayAction(title: $0.label, style: $0.answer == .denied ? .cancel : .default) })
        }
        return DisplayState(statusBarTime: statusBarTime, window: base, tabs: tabs, presentations: presentations, systemAlert: alert)
    }

    /// A screen's title and elements with the window's selection and focus marked.
    private func layer(of screen: Screen, backTitle: String?) -> DisplayLayer {
        let id = ObjectIdentifier(screen)
        let elements = screen.elements.map { element in
            var marked = element
            let key = WindowState.key(of: element)
            marked.isSelected = window.selections[id] == key
            marked.isFocused = window.focus?.screen == id && window.focus?.key == key
            return marked
        }
        let revealed = window.revealedDelete?.screen == id ? window.revealedDelete?.key : nil
        return DisplayLayer(title: title(of: screen), backTitle: backTitle, elements: elements, revealedDeleteKey: revealed)
    }

    /// The screen's title; a library picker without one is titled Photos, as UIKit's is.
    private func title(of screen: Screen) -> String {
        if !screen.title.isEmpty { return screen.title }
        if let picker = screen as? ImagePickerController, picker.sourceType != .camera { return "Photos" }
        if screen is PhotoPickerController { return "Photos" }
        return ""
    }

    private static func displayAlert(_ alert: AlertScreen) -> DisplayAlert {
        DisplayAlert(title: alert.alertTitle, message: alert.message,
                     actions: alert.orderedActions.map { DisplayAction(title: $0.title, style: $0.style) })
    }
}
