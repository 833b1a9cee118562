// PhotoBlobs, the reference texts' app that keeps photos in its database, written as an iOS
// developer writes it: the camera through UIImagePickerController, the conversion on a
// concurrent queue and the save behind a barrier on another, as the text does. The records
// (a full-size and a thumbnail JPEG, large blobs stored outside) are the package's Core store,
// the texts' Core Data model, as a team keeps its model in a module of its own.
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UINavigationController(rootViewController: BlobsViewController())
        window?.makeKeyAndVisible()
        return true
    }
}
