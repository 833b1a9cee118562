import Foundation

/// The methods UIKit calls on an app's delegate at each step of its life (Apple: UIKit ›
/// UIApplicationDelegate; UIApplication.h). Every method is optional, as in Objective-C: the
/// extension below gives each one UIKit's default (launch methods return `true`, the others do
/// nothing), and an app implements the ones it needs with Apple's signatures.
///
/// ```swift
/// @main
/// class AppDelegate: UIResponder, UIApplicationDelegate {
///     var window: UIWindow?
///     func application(_ application: UIApplication,
///                      didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///         window = UIWindow(frame: UIScreen.main.bounds)
///         window?.rootViewController = UINavigationController(rootViewController: NotesViewController())
///         window?.makeKeyAndVisible()
///         return true
///     }
/// }
/// ```
///
/// `@main` on such a class runs `UIApplicationMain` (the extension's `main()`).
public protocol UIApplicationDelegate: AnyObject {
    /// The app's window, when the delegate keeps one (Apple: `optional var window: UIWindow? { get set }`).
    var window: UIWindow? { get set }

    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
    /// Opens a link whose scheme the app's Info.plist names in `CFBundleURLTypes` (Apple:
    /// `application(_:open:options:)`, "Defining a custom URL scheme for your app"); returns
    /// whether it could. Not called when either launch method returned `false` for a launch to
    /// open the link.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    public func application(_ application: UIApplication,
                            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }
}

extension UIApplicationDelegate where Self: UIResponder {
    /// What `@main` runs: makes the delegate, then runs the app until the system ends it
    /// (`UIApplicationMain`). Never returns.
    public static func main() {
        guard let delegate = Self(coder: LaunchCoder()) else {
            AppProcessLoop.refuse("\(Self.self).init(coder:) returned nil: UIKit makes the app delegate with it")
        }
        AppProcessLoop.run(delegate: delegate)
    }
}

/// Runs the app with `delegateClassName`'s class as its delegate (Apple: `UIApplicationMain(_:_:_:_:)`;
/// the names are `NSStringFromClass` forms, `Module.Class`). A principal class other than
/// `UIApplication` is not supported. Never returns.
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    if let principalClassName, principalClassName != "UIApplication", principalClassName != NSStringFromClass(UIApplication.self) {
        AppProcessLoop.refuse("a principal class other than UIApplication (\(principalClassName)) is not supported")
    }
    guard let delegateClassName else { AppProcessLoop.refuse("UIApplicationMain needs a delegate class name") }
    guard let type = NSClassFromString(delegateClassName) as? UIResponder.Type else {
        AppProcessLoop.refuse("no UIResponder subclass is named \(delegateClassName)")
    }
    guard let delegate = type.init(coder: LaunchCoder()) as? UIApplicationDelegate else {
        AppProcessLoop.refuse("\(delegateClassName) does not adopt UIApplicationDelegate")
    }
    AppProcessLoop.run(delegate: delegate)
}
