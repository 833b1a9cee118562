/// The app's notification center: closure observers, each registered on behalf of an object.
///
/// The registrant is only named, never retained: a handler that captures it strongly keeps it
/// alive, which the leak check then reports with this observer as the retainer.
///
/// ```swift
/// observation = environment.notificationCenter.addObserver(forName: .didEnterBackground, registrant: self) {
///     [weak self] _ in try self?.dismissPresented()
/// }
/// ```
public protocol AppNotificationCenter: AnyObject {
    /// Calls `handler` on the posting thread for every `name` posted until removed.
    func addObserver(forName name: NotificationName, registrant: AnyObject,
                     using handler: @escaping (NotificationName) throws -> Void) -> NotificationObservation
    /// Stops an observer and releases its handler. Removing twice does nothing.
    func removeObserver(_ observation: NotificationObservation)
    /// Delivers `name` now to every observer, in registration order.
    func post(_ name: NotificationName) throws
}

/// A registered observer, to pass to ``AppNotificationCenter/removeObserver(_:)``.
public struct NotificationObservation: Hashable, Sendable {
    public let id: Int
    public let name: NotificationName

    public init(id: Int, name: NotificationName) {
        self.id = id
        self.name = name
    }
}

/// A notification name: iOS's raw string (IOS-FACTS §3 and §4; each equals its constant's name).
public struct NotificationName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static let didFinishLaunching = NotificationName(rawValue: "UIApplicationDidFinishLaunchingNotification")
    public static let willResignActive = NotificationName(rawValue: "UIApplicationWillResignActiveNotification")
    public static let didEnterBackground = NotificationName(rawValue: "UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForeground = NotificationName(rawValue: "UIApplicationWillEnterForegroundNotification")
    public static let didBecomeActive = NotificationName(rawValue: "UIApplicationDidBecomeActiveNotification")
    public static let willTerminate = NotificationName(rawValue: "UIApplicationWillTerminateNotification")
    public static let didReceiveMemoryWarning =
        NotificationName(rawValue: "UIApplicationDidReceiveMemoryWarningNotification")
}
