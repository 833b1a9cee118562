// A small journal app written as for iOS: plain UIKit and Foundation, no PhotoSim import. The
// app-process tests launch it in its own process.
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        // What `simctl launch` handed over: its arguments and its SIMCTL_CHILD_ variables.
        if let echo = ProcessInfo.processInfo.environment["JOURNAL_ECHO"] {
            print("echo \(echo); arguments \(CommandLine.arguments.dropFirst().joined(separator: " "))")
        }
        if UserDefaults.standard.bool(forKey: "CrashAtLaunch") { fatalError("asked to crash at launch") }
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: EntriesViewController())
        window?.makeKeyAndVisible()
        return true
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        Journal.shared.save()
    }
}
