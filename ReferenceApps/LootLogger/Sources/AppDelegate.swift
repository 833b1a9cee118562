// LootLogger, the item-inventory app of the reference texts, written as an iOS developer writes
// it: UIKit and Foundation only, no PhotoSim import. It builds unchanged against Apple's SDK.
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let itemStore = ItemStore()
    let imageStore = ImageStore()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let itemsController = ItemsViewController(style: .plain)
        itemsController.itemStore = itemStore
        itemsController.imageStore = imageStore
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: itemsController)
        window?.makeKeyAndVisible()
        return true
    }

    /// The items are archived when the app leaves the screen, and only then: an app killed in
    /// the foreground loses what was added since.
    func applicationDidEnterBackground(_ application: UIApplication) {
        if itemStore.saveChanges() {
            print("Saved all of the Items")
        } else {
            print("Could not save any of the Items")
        }
    }
}
