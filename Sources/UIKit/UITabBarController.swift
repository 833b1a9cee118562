import Foundation

/// An item of a tab bar (Apple: UIKit › UITabBarItem).
open class UITabBarItem: NSObject {
    /// Apple: `UITabBarItem.SystemItem` (more 0, favorites 1, featured 2, topRated 3, recents 4,
    /// contacts 5, history 6, bookmarks 7, search 8, downloads 9, mostRecent 10, mostViewed 11).
    public enum SystemItem: Int, Sendable {
        case more = 0, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads
        case mostRecent, mostViewed

        /// The title iOS shows under the system item's symbol.
        var title: String {
            switch self {
            case .more: return "More"
            case .favorites: return "Favorites"
            case .featured: return "Featured"
            case .topRated: return "Top Rated"
            case .recents: return "Recents"
            case .contacts: return "Contacts"
            case .history: return "History"
            case .bookmarks: return "Bookmarks"
            case .search: return "Search"
            case .downloads: return "Downloads"
            case .mostRecent: return "Most Recent"
            case .mostViewed: return "Most Viewed"
            }
        }
    }

    open var title: String?
    open var image: UIImage?
    open var selectedImage: UIImage?
    open var tag = 0
    open var badgeValue: String?
    open var isEnabled = true
    open var accessibilityIdentifier: String?

    public override init() {
        super.init()
    }

    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.init()
        title = systemItem.title
        self.tag = tag
    }
}

/// The bar of a tab bar controller (Apple: UIKit › UITabBar).
open class UITabBar: UIView {
    weak var tabBarController: UITabBarController?
    override var elementKind: String { "tabBar" }
}

/// Apple: UIKit › UITabBarControllerDelegate (each method optional).
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// Controllers one at a time, chosen from a bar at the bottom (Apple: UIKit › UITabBarController).
/// A tap on a tab asks the delegate's `shouldSelect`, shows that controller (the one before
/// disappears, the new one appears) and tells `didSelect`; setting `selectedIndex` in code
/// does not ask or tell the delegate, as on iOS.
open class UITabBarController: UIViewController {
    /// The tabs' controllers; setting it is `setViewControllers(_:animated: false)`, as on iOS.
    open var viewControllers: [UIViewController]? {
        get { tabs }
        set { setViewControllers(newValue, animated: false) }
    }
    private var tabs: [UIViewController]?
    open weak var delegate: UITabBarControllerDelegate?
    public let tabBar = UITabBar(frame: .zero)
    private var shownContent: UIView?
    private var selected = 0

    open var selectedIndex: Int {
        get { viewControllers == nil ? Int.max : selected }
        set {
            guard let controllers = viewControllers, controllers.indices.contains(newValue) else { return }
            selected = newValue
            showSelected()
        }
    }

    open var selectedViewController: UIViewController? {
        get { viewControllers.flatMap { $0.indices.contains(selected) ? $0[selected] : nil } }
        set {
            guard let newValue, let index = viewControllers?.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    /// Apple: the tab bar controller "remembers the view controller object that was previously
    /// selected and attempts to reselect it. If the selected view controller is no longer
    /// present, it attempts to select the view controller at the same index in the array as the
    /// previous selection. If that index is invalid, it selects the view controller at index 0."
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let previous = selectedViewController
        for controller in children where !(viewControllers ?? []).contains(where: { $0 === controller }) {
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in viewControllers ?? [] where controller.parent !== self { addChild(controller) }
        tabs = viewControllers
        let controllers = viewControllers ?? []
        if let previous, let index = controllers.firstIndex(where: { $0 === previous }) {
            selected = index
        } else if !controllers.indices.contains(selected) {
            selected = 0
        }
        showSelected()
    }

    open override func loadView() {
        let container = UIView(frame: UIScreen.main.bounds)
        tabBar.frame = CGRect(x: 0, y: container.bounds.height - 83, width: container.bounds.width, height: 83)
        tabBar.tabBarController = self
        container.addSubview(tabBar)
        view = container
        showSelected()
    }

    private func showSelected() {
        guard let container = viewIfLoaded else { return }
        guard let controller = selectedViewController else {
            shownContent?.removeFromSuperview()
            shownContent = nil
            return
        }
        let content = controller.view!
        if shownContent !== content { shownContent?.removeFromSuperview() }
        content.frame = container.bounds
        if content.superview !== container { container.insertSubview(content, at: 0) }
        shownContent = content
    }

    /// A tap on the tab at `index`.
    func tapTab(_ index: Int) {
        guard let controllers = viewControllers, controllers.indices.contains(index), controllers[index].tabBarItem.isEnabled else { return }
        let controller = controllers[index]
        guard delegate?.tabBarController(self, shouldSelect: controller) ?? true else { return }
        if index == selected, let navigation = controller as? UINavigationController {
            navigation.popToRootViewController(animated: true)
        }
        AppProcessLoop.record("tab selected \(controller.tabBarItem.title ?? String(describing: type(of: controller)))")
        selectedIndex = index
        delegate?.tabBarController(self, didSelect: controller)
    }
}
