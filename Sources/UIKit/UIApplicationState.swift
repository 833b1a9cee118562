import Foundation

extension UIApplication {
    /// The running states of an app (Apple: `UIApplication.State`, UIApplication.h:
    /// `UIApplicationStateActive`, `…Inactive`, `…Background`, raw values 0, 1, 2).
    public enum State: Int, Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    /// Keys of the launch-options dictionary (Apple: `UIApplication.LaunchOptionsKey`; raw
    /// values are the constants' names, UIApplication.h).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `UIApplicationLaunchOptionsURLKey`: the app was launched to open a URL.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// `UIApplicationLaunchOptionsSourceApplicationKey`.
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
    }

    /// Keys of the options dictionary `application(_:open:options:)` gets (Apple:
    /// `UIApplication.OpenURLOptionsKey`; raw values are the constants' names, UIApplication.h).
    public struct OpenURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `UIApplicationOpenURLOptionsSourceApplicationKey`: the bundle ID of the app that asked,
        /// when it is of the same team; absent otherwise.
        public static let sourceApplication = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsSourceApplicationKey")
        /// `UIApplicationOpenURLOptionsAnnotationKey`.
        public static let annotation = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsAnnotationKey")
        /// `UIApplicationOpenURLOptionsOpenInPlaceKey`: a document to open in place.
        public static let openInPlace = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsOpenInPlaceKey")
        /// `UIApplicationOpenURLOptionsEventAttributionKey`.
        public static let eventAttribution = OpenURLOptionsKey(rawValue: "UIApplicationOpenURLOptionsEventAttributionKey")
    }

    /// Keys of the options of `open(_:options:completionHandler:)` (Apple:
    /// `UIApplication.OpenExternalURLOptionsKey`).
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `UIApplicationOpenURLOptionUniversalLinksOnly`.
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Posted when the app is no longer active and loses focus (`UIApplicationWillResignActiveNotification`).
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the app enters the background (`UIApplicationDidEnterBackgroundNotification`).
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted shortly before the app leaves the background for the foreground (`UIApplicationWillEnterForegroundNotification`).
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the app becomes active (`UIApplicationDidBecomeActiveNotification`).
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to terminate (`UIApplicationWillTerminateNotification`).
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted immediately after the app finishes launching (`UIApplicationDidFinishLaunchingNotification`).
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app receives a memory warning, with no user info
    /// (`UIApplicationDidReceiveMemoryWarningNotification`).
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}
