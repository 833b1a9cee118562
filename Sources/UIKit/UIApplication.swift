import Foundation

/// The running app (Apple: UIKit › UIApplication): its state, its delegate and windows, and the
/// lifecycle UIKit drives, with the delegate called first and the notification posted after it
/// on `NotificationCenter.default`, in iOS's order (IOS-FACTS, Lifecycle notifications):
///
/// - launch: `application(_:willFinishLaunchingWithOptions:)`,
///   `application(_:didFinishLaunchingWithOptions:)`, `UIApplicationDidFinishLaunchingNotification`,
///   the root controller's `viewWillAppear(_:)`, `applicationDidBecomeActive(_:)` and
///   `UIApplicationDidBecomeActiveNotification`, then `viewDidAppear(_:)`;
/// - to the background: will-resign-active, then did-enter-background;
/// - back: will-enter-foreground, then did-become-active;
/// - a memory warning: `applicationDidReceiveMemoryWarning(_:)`,
///   `UIApplicationDidReceiveMemoryWarningNotification`, then every controller's
///   `didReceiveMemoryWarning()`;
/// - the end: `applicationWillTerminate(_:)` and `UIApplicationWillTerminateNotification`;
/// - a link (`simctl openurl`): launched for it, `application(_:open:options:)` after
///   `application(_:didFinishLaunchingWithOptions:)` (whose options carry `.url`) and before the
///   app becomes active, unless either launch method returned `false` (Apple's
///   `application(_:didFinishLaunchingWithOptions:)`: "If either method returns NO, the URL is
///   not handled"; a method the app does not implement answers `true`); in the background, it
///   enters the foreground, opens the link, then becomes active; in the foreground, it opens it.
///   That the link is opened before did-become-active follows Apple's launch sequence (the
///   launch methods "determine whether the app can open it") and is not verified on a device.
open class UIApplication: UIResponder {
    nonisolated(unsafe) private static let sharedApplication = UIApplication()
    /// The app's one application object.
    open class var shared: UIApplication { sharedApplication }

    open internal(set) var applicationState: State = .inactive
    private var delegateStorage: UIApplicationDelegate?
    /// The app's delegate (UIKit keeps it for the life of the process).
    open var delegate: UIApplicationDelegate? {
        get { delegateStorage }
        set { delegateStorage = newValue }
    }
    open internal(set) var windows: [UIWindow] = []
    /// The key window (deprecated in iOS 13 for scenes; still answered).
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }
    open var isIdleTimerDisabled = false
    open var applicationIconBadgeNumber = 0
    weak var firstResponder: UIResponder?

    open override var next: UIResponder? { delegate as? UIResponder }

    /// Asks the system to open `url` (Apple: `open(_:options:completionHandler:)`). A link of
    /// one of the app's own schemes (its Info.plist's `CFBundleURLTypes`) is handed back to it, as
    /// iOS hands a link to the app that claims it: `application(_:open:options:)` with the app
    /// itself as `.sourceApplication` (it is of the same team), then `completion(true)`, once the
    /// step's work is done. The device has no Safari and no other app, so any other link, or one
    /// asked with `.universalLinksOnly`, gives `completion(false)` (docs/uikit.md). The order of
    /// the delegate call and the completion is not verified on a device.
    open func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler completion: ((Bool) -> Void)? = nil) {
        AppProcessLoop.record("open(_:options:completionHandler:) \(url.absoluteString)")
        let opens = Self.ownSchemes.contains(url.scheme?.lowercased() ?? "") && options[.universalLinksOnly] as? Bool != true
        AppProcessLoop.afterTransition { [self] in
            if opens { openLink(url, options: [.sourceApplication: Bundle.main.bundleIdentifier ?? ""]) }
            completion?(opens)
        }
    }

    /// Whether an app of the device handles `url`'s scheme (Apple: `canOpenURL(_:)`): only
    /// schemes the Info.plist declares in `LSApplicationQueriesSchemes` may be asked about, and
    /// any other answers `false` with iOS's console line; of those, only the app's own schemes
    /// have an app here.
    open func canOpenURL(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased() ?? ""
        let queried = (Bundle.main.object(forInfoDictionaryKey: "LSApplicationQueriesSchemes") as? [String] ?? []).map { $0.lowercased() }
        guard queried.contains(scheme) else {
            AppProcessLoop.record("-canOpenURL: failed for URL: \"\(url.absoluteString)\" - error: \"This app is not allowed to query for scheme \(scheme)\"")
            return false
        }
        return Self.ownSchemes.contains(scheme)
    }

    /// The app's own URL schemes, lowercased (`CFBundleURLTypes`' `CFBundleURLSchemes`).
    static var ownSchemes: Set<String> {
        let types = Bundle.main.object(forInfoDictionaryKey: "CFBundleURLTypes") as? [[String: Any]] ?? []
        return Set(types.flatMap { ($0["CFBundleURLSchemes"] as? [String] ?? []).map { $0.lowercased() } })
    }

    // The transitions the simulator sends.

    func launch(opening url: URL?) {
        applicationState = .inactive
        let delegate = self.delegate
        let options: [LaunchOptionsKey: Any]? = url.map { [.url: $0] }
        AppProcessLoop.record("application(_:willFinishLaunchingWithOptions:)")
        let willFinish = delegate?.application(self, willFinishLaunchingWithOptions: options) ?? true
        AppProcessLoop.record("application(_:didFinishLaunchingWithOptions:)")
        let didFinish = delegate?.application(self, didFinishLaunchingWithOptions: options) ?? true
        post(Self.didFinishLaunchingNotification)
        if let url, willFinish && didFinish { openLink(url) }
        Appearance.begin()
        becomeActive()
        Appearance.end()
    }

    /// A link `simctl openurl` sends while the app runs.
    func receiveLink(_ url: URL) {
        if applicationState == .background { enterForeground(opening: url) } else { openLink(url) }
    }

    /// The system's options for a link from `simctl openurl` are empty: it comes from no app of
    /// the app's team, so there is no source application (UIApplication.h).
    private func openLink(_ url: URL, options: [OpenURLOptionsKey: Any] = [:]) {
        let opened = delegate?.application(self, open: url, options: options) ?? false
        AppProcessLoop.record("application(_:open:options:) \(url.absoluteString) → \(opened)")
    }

    func enterBackground() {
        guard applicationState != .background else { return }
        if applicationState == .active {
            applicationState = .inactive
            AppProcessLoop.record("applicationWillResignActive(_:)")
            delegate?.applicationWillResignActive(self)
            post(Self.willResignActiveNotification)
        }
        applicationState = .background
        AppProcessLoop.record("applicationDidEnterBackground(_:)")
        delegate?.applicationDidEnterBackground(self)
        post(Self.didEnterBackgroundNotification)
    }

    func enterForeground(opening url: URL? = nil) {
        guard applicationState == .background else { return }
        AppProcessLoop.record("applicationWillEnterForeground(_:)")
        delegate?.applicationWillEnterForeground(self)
        post(Self.willEnterForegroundNotification)
        applicationState = .inactive
        if let url { openLink(url) }
        becomeActive()
    }

    private func becomeActive() {
        applicationState = .active
        AppProcessLoop.record("applicationDidBecomeActive(_:)")
        delegate?.applicationDidBecomeActive(self)
        post(Self.didBecomeActiveNotification)
    }

    /// A memory warning, sent by the simulator (`simulated`) or by memory pressure.
    func receiveMemoryWarning(reason: String = "simulated") {
        AppProcessLoop.record("memory warning (\(reason))")
        AppProcessLoop.record("applicationDidReceiveMemoryWarning(_:)")
        delegate?.applicationDidReceiveMemoryWarning(self)
        post(Self.didReceiveMemoryWarningNotification)
        for window in windows {
            for controller in window.rootViewController?.allControllers() ?? [] {
                AppProcessLoop.record("didReceiveMemoryWarning() \(type(of: controller))")
                controller.didReceiveMemoryWarning()
            }
        }
    }

    /// The system ends the app while it runs. `applicationWillTerminate(_:)` "may be called for
    /// apps running in the background" (Apple's doc of it; a suspended app gets none): an app in
    /// the foreground leaves it first, resigning active and entering the background, as the
    /// app host's graceful termination does.
    func terminate() {
        enterBackground()
        AppProcessLoop.record("applicationWillTerminate(_:)")
        delegate?.applicationWillTerminate(self)
        post(Self.willTerminateNotification)
    }

    private func post(_ name: Notification.Name) {
        AppProcessLoop.record("post \(name.rawValue)")
        NotificationCenter.default.post(name: name, object: self)
    }
}
