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
        if let url = launchOptions?[.url] as? URL { UserDefaults.standard.set(url.absoluteString, forKey: "LaunchLink") }
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: EntriesViewController())
        window?.makeKeyAndVisible()
        // A journal set to refuse links says so at launch, and UIKit then does not hand it one.
        return !UserDefaults.standard.bool(forKey: "RefuseLinks")
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        Journal.shared.save()
    }

    /// `journal://add?text=…` adds an entry (the bundle's Info.plist names the `journal` scheme);
    /// anything else is not the journal's to open. The link a launch was for is kept.
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        UserDefaults.standard.set(url.absoluteString, forKey: "LastLink")
        guard url.host == "add",
              let text = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "text" })?.value,
              let entries = (window?.rootViewController as? UINavigationController)?.viewControllers.first as? EntriesViewController
        else { return false }
        entries.add(text)
        return true
    }
}
