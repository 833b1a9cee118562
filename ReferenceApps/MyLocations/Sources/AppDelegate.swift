// MyLocations, the location-tagging app of the reference texts, written as an iOS developer
// writes it: UIKit, Core Location and Foundation for the screens, UserDefaults.standard for the
// photo ID counter, the Documents folder FileManager names for the photos. Its data model is
// the package's Core (the texts' Core Data store, and the photo files it writes there), as a
// team keeps its model in a module of its own.
import UIKit

@main
class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var dataModel: DataModel!

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        do {
            dataModel = try DataModel()
        } catch {
            fatalError("cannot open the app's data: \(error)")
        }
        let currentLocation = CurrentLocationViewController()
        currentLocation.dataModel = dataModel
        let locations = LocationsViewController(style: .plain)
        locations.dataModel = dataModel

        let tagTab = UINavigationController(rootViewController: currentLocation)
        tagTab.tabBarItem = UITabBarItem(title: "Tag", image: UIImage(systemName: "tag"), tag: 0)
        let locationsTab = UINavigationController(rootViewController: locations)
        locationsTab.tabBarItem = UITabBarItem(title: "Locations", image: UIImage(systemName: "list.bullet"), tag: 1)
        let tabBarController = UITabBarController()
        tabBarController.viewControllers = [tagTab, locationsTab]

        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = tabBarController
        window?.makeKeyAndVisible()
        return true
    }
}
