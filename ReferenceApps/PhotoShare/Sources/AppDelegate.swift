// PhotoShare, the photo-sharing app of the reference texts, written as an iOS developer writes
// it: the photo library through Photos (authorization, fetches, PHImageManager requests), the
// share through Social's compose sheet. What was shared is remembered by each asset's
// localIdentifier in a log on the package's Core, as a team keeps its model in a module.
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let sharedPhotos = SharedPhotos()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let browser = PhotoBrowserViewController(style: .grouped)
        browser.sharedPhotos = sharedPhotos
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: browser)
        window?.makeKeyAndVisible()
        return true
    }
}
