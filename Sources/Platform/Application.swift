/// An app's delegate: what the system calls at launch and at each lifecycle step.
///
/// Every method may throw an ``AppTermination`` (a crash). Defaults do nothing.
public protocol Application: AnyObject {
    /// `application(_:didFinishLaunchingWithOptions:)`: returns what the window shows.
    func didFinishLaunching() throws -> WindowContent
    func willResignActive() throws
    func didEnterBackground() throws
    func willEnterForeground() throws
    func didBecomeActive() throws
    /// Called on graceful termination only; a killed or suspended app never hears it.
    func willTerminate() throws
    func didReceiveMemoryWarning() throws
}

extension Application {
    public func willResignActive() throws {}
    public func didEnterBackground() throws {}
    public func willEnterForeground() throws {}
    public func didBecomeActive() throws {}
    public func willTerminate() throws {}
    public func didReceiveMemoryWarning() throws {}
}

/// What an app's window shows: one navigation stack, or tabs of them.
public enum WindowContent {
    /// A navigation controller with `root` at the bottom.
    case navigation(root: Screen)
    /// A tab bar; each tab is a navigation stack. The first tab is selected.
    case tabs([Tab])
}

/// One tab of a tab bar.
public struct Tab {
    /// The tab bar item's title, which a tap selects.
    public let title: String
    public let root: Screen

    public init(title: String, root: Screen) {
        self.title = title
        self.root = root
    }
}
