import Foundation

/// A stack of controllers with a bar on top (Apple: UIKit › UINavigationController). The bar
/// shows the top controller's `navigationItem` (title, left and right bar button items) and,
/// below the root, a back button titled with the previous controller's `backButtonTitle`, else
/// its title, else "Back"; tapping it pops. Its toolbar, hidden until `isToolbarHidden` is set
/// false, shows the top controller's `toolbarItems` at the bottom of the screen.
open class UINavigationController: UIViewController {
    open private(set) var viewControllers: [UIViewController] = []
    open weak var delegate: UINavigationControllerDelegate?
    open var isNavigationBarHidden = false
    public let navigationBar = UINavigationBar(frame: .zero)
    /// Apple: `var toolbar: UIToolbar! { get }`.
    public private(set) var toolbar: UIToolbar! = {
        let toolbar = UIToolbar(frame: .zero)
        toolbar.isHidden = true
        return toolbar
    }()
    /// Apple: true by default: a navigation controller shows no toolbar until told to.
    open var isToolbarHidden: Bool {
        get { toolbar.isHidden }
        set { toolbar.isHidden = newValue }
    }

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open var topViewController: UIViewController? { viewControllers.last }
    /// The top controller, or what it presents.
    open var visibleViewController: UIViewController? {
        var visible = topViewController
        while let presented = visible?.presentedViewController { visible = presented }
        return visible
    }

    open override func loadView() {
        let container = UIView(frame: UIScreen.main.bounds)
        navigationBar.frame = CGRect(x: 0, y: UIScreen.main.safeAreaTop, width: container.bounds.width, height: 44)
        navigationBar.navigationController = self
        container.addSubview(navigationBar)
        let bottom = UIScreen.main.safeAreaBottom
        toolbar.frame = CGRect(x: 0, y: container.bounds.height - bottom - 44, width: container.bounds.width, height: 44)
        container.addSubview(toolbar)
        view = container
        showTop()
    }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === viewController }) else {
            AppProcessLoop.terminate(exception: "NSInvalidArgumentException",
                                     reason: "Pushing the same view controller instance more than once is not supported (\(viewController.describedForWarning))")
        }
        delegate?.navigationController(self, willShow: viewController, animated: animated)
        addChild(viewController)
        viewControllers.append(viewController)
        AppProcessLoop.record("pushViewController(_:animated:) \(type(of: viewController))")
        showTop()
        AppProcessLoop.afterTransition { [weak self] in
            guard let self else { return }
            self.delegate?.navigationController(self, didShow: viewController, animated: animated)
        }
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let top = viewControllers.popLast() else { return nil }
        AppProcessLoop.record("popViewController(animated:) \(type(of: top))")
        top.removeFromParent()
        showTop()
        return top
    }

    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard viewControllers.count > 1 else { return [] }
        let popped = Array(viewControllers.dropFirst())
        for controller in popped { controller.removeFromParent() }
        viewControllers.removeLast(popped.count)
        showTop()
        return popped
    }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        for controller in self.viewControllers where !viewControllers.contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        for controller in viewControllers { addChild(controller) }
        self.viewControllers = viewControllers
        showTop()
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
        navigationBar.isHidden = hidden
    }

    /// Apple: `setToolbarHidden(_:animated:)`.
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        isToolbarHidden = hidden
    }

    /// The toolbar shows `controller`'s items when it is the one on top.
    func showToolbarItems(of controller: UIViewController) {
        guard controller === topViewController else { return }
        toolbar.items = controller.toolbarItems
    }

    /// The view of the controller shown last.
    private var shownContent: UIView?

    /// Puts the top controller's view in the container, in place of the one shown before.
    private func showTop() {
        toolbar.items = topViewController?.toolbarItems
        guard let container = viewIfLoaded else { return }
        guard let top = topViewController else {
            shownContent?.removeFromSuperview()
            shownContent = nil
            return
        }
        let content = top.view!
        if shownContent !== content { shownContent?.removeFromSuperview() }
        content.frame = container.bounds
        if content.superview !== container { container.insertSubview(content, at: 0) }
        shownContent = content
    }

    /// The title of the back button the top controller shows, if it has one.
    var backButtonTitle: String? {
        guard viewControllers.count > 1 else { return nil }
        let below = viewControllers[viewControllers.count - 2]
        if let title = below.navigationItem.backButtonTitle { return title }
        if let title = below.navigationItem.title, !title.isEmpty { return title }
        return "Back"
    }
}

/// Apple: UIKit › UINavigationControllerDelegate (each method optional).
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}

/// The bar of a navigation controller (Apple: UIKit › UINavigationBar). Its elements are the
/// back button, the title and the top item's bar button items.
open class UINavigationBar: UIView {
    weak var navigationController: UINavigationController?
    override var elementKind: String { "navigationBar" }
}

/// A bar of buttons at the bottom of the screen (Apple: UIKit › UIToolbar): a navigation
/// controller's (`toolbar`, showing the top controller's `toolbarItems`) or one the app adds
/// itself. Its elements are its items, laid out from the leading edge as iOS lays them out:
/// a fixed space is its `width` wide, flexible spaces share what the others leave, and every
/// other item is its `width` when set, else 44 points for an image or a system item, else
/// as wide as its title.
open class UIToolbar: UIView {
    open var items: [UIBarButtonItem]?

    /// Apple: `setItems(_:animated:)`.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        self.items = items
    }

    override var elementKind: String { "toolbar" }

    /// Each item that is no space with its frame in the toolbar's coordinates (the bar's items,
    /// leading to trailing).
    func laidOutItems() -> [(item: UIBarButtonItem, frame: CGRect)] {
        let items = self.items ?? []
        let margin: CGFloat = 16, spacing: CGFloat = 8
        func width(of item: UIBarButtonItem) -> CGFloat? {
            switch item.systemItem {
            case .flexibleSpace?: return nil
            case .fixedSpace?: return item.width
            default:
                if item.width > 0 { return item.width }
                if let title = item.title, !title.isEmpty { return max(44, CGFloat(title.count) * 9 + 8) }
                return 44
            }
        }
        let fixed = items.compactMap(width(of:)).reduce(0, +) + spacing * CGFloat(max(items.count - 1, 0))
        let flexible = items.filter { width(of: $0) == nil }.count
        let share = flexible == 0 ? 0 : max(bounds.width - 2 * margin - fixed, 0) / CGFloat(flexible)
        var x = margin
        var laidOut: [(UIBarButtonItem, CGRect)] = []
        for item in items {
            let itemWidth = width(of: item) ?? share
            if item.systemItem != .flexibleSpace && item.systemItem != .fixedSpace {
                laidOut.append((item, CGRect(x: x, y: 0, width: itemWidth, height: bounds.height)))
            }
            x += itemWidth + spacing
        }
        return laidOut
    }
}

/// What a controller shows in a navigation bar (Apple: UIKit › UINavigationItem).
open class UINavigationItem: NSObject {
    open var title: String?
    open var backButtonTitle: String?
    open var prompt: String?
    open var hidesBackButton = false
    open var leftBarButtonItems: [UIBarButtonItem]?
    open var rightBarButtonItems: [UIBarButtonItem]?

    public init(title: String) {
        self.title = title
        super.init()
    }

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }
}

/// A button of a navigation bar or toolbar (Apple: UIKit › UIBarButtonItem). Target–action
/// (`init(title:style:target:action:)`) needs `#selector`, which Linux lacks: the `UIAction`
/// initializers of iOS 14 are the supported form.
open class UIBarButtonItem: NSObject {
    /// Apple: `UIBarButtonItem.Style` (plain 0, bordered 1, done 2).
    public enum Style: Int, Sendable { case plain = 0, bordered = 1, done = 2 }

    /// Apple: `UIBarButtonItem.SystemItem` (UIBarButtonItem.h, raw values 0–24).
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        case pageCurl, close

        /// The accessibility label iOS gives the item (VoiceOver's words for its symbol).
        var accessibilityLabel: String? {
            switch self {
            case .done: return "Done"
            case .cancel: return "Cancel"
            case .edit: return "Edit"
            case .save: return "Save"
            case .add: return "Add"
            case .compose: return "Compose"
            case .reply: return "Reply"
            case .action: return "Share"
            case .organize: return "Organize"
            case .bookmarks: return "Bookmarks"
            case .search: return "Search"
            case .refresh: return "Refresh"
            case .stop: return "Stop"
            case .camera: return "Camera"
            case .trash: return "Delete"
            case .play: return "Play"
            case .pause: return "Pause"
            case .rewind: return "Rewind"
            case .fastForward: return "Fast Forward"
            case .undo: return "Undo"
            case .redo: return "Redo"
            case .close: return "Close"
            case .flexibleSpace, .fixedSpace, .pageCurl: return nil
            }
        }
    }

    open var title: String?
    open var image: UIImage?
    open var style: Style = .plain
    open var isEnabled = true
    /// Apple: the item's width, 0 (the default) to size it to its content; a fixed space's.
    open var width: CGFloat = 0
    open var primaryAction: UIAction?
    open var accessibilityLabel: String?
    open var accessibilityIdentifier: String?
    open var tag = 0
    public private(set) var systemItem: SystemItem?

    public override init() {
        super.init()
    }

    /// Apple (iOS 14): `init(title:image:primaryAction:menu:)`, here without `menu`.
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.init()
        self.title = title ?? (primaryAction?.title.isEmpty == false ? primaryAction?.title : nil)
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
    }

    public convenience init(primaryAction: UIAction?) {
        self.init(title: nil, image: nil, primaryAction: primaryAction)
    }

    /// Apple (iOS 14): `init(systemItem:primaryAction:menu:)`, here without `menu`.
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init()
        self.systemItem = systemItem
        self.primaryAction = primaryAction
    }

    /// What the bar shows and assistive technologies read: the set label, the title, or the
    /// system item's word.
    var shownLabel: String? { accessibilityLabel ?? title ?? systemItem?.accessibilityLabel }

    func tap() {
        guard isEnabled else { return }
        primaryAction?.perform(from: self)
    }
}
