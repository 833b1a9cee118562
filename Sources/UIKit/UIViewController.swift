import Foundation
import Core

/// Presentation styles (Apple: `UIModalPresentationStyle`, UIViewController.h: automatic -2,
/// none -1, fullScreen 0, pageSheet 1, formSheet 2, currentContext 3, custom 4,
/// overFullScreen 5, overCurrentContext 6, popover 7).
public enum UIModalPresentationStyle: Int, Sendable {
    case automatic = -2
    case none = -1
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7

    /// Whether the presenting controller leaves the screen under this style (full-screen styles
    /// cover it; sheets and the "over" styles leave it visible).
    var coversPresenter: Bool { self == .fullScreen || self == .currentContext }
}

/// A screen's controller (Apple: UIKit › UIViewController). Its view loads on first use of
/// `view` (`loadView()`, then `viewDidLoad()`); UIKit calls `viewWillAppear(_:)`,
/// `viewDidAppear(_:)`, `viewWillDisappear(_:)` and `viewDidDisappear(_:)` as it comes on and
/// leaves the screen (a push: the old one's will-disappear, the new one's will-appear, the old
/// one's did-disappear, the new one's did-appear), and `didReceiveMemoryWarning()` on a memory
/// warning. Storyboards and nibs do not exist on Linux: `nibName` is kept, never loaded.
open class UIViewController: UIResponder {
    public let nibName: String?
    public let nibBundle: Bundle?
    private var loadedView: UIView?
    /// The controller's title; setting it sets `navigationItem.title` as well (as UIKit does).
    open var title: String? {
        didSet {
            navigationItemStorage?.title = title
            if tabBarItemStorage?.title == nil || tabBarItemStorage?.title == oldValue { tabBarItemStorage?.title = title }
        }
    }
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var isModalInPresentation = false
    open var definesPresentationContext = false

    open internal(set) weak var parent: UIViewController?
    open private(set) var children: [UIViewController] = []
    /// What this controller, or the nearest of its ancestors that presents, presents (Apple:
    /// "the view controller that is presented by this view controller, or one of its ancestors").
    open internal(set) var presentedViewController: UIViewController? {
        get { presentedStorage ?? parent?.presentedViewController }
        set { presentedStorage = newValue }
    }
    /// The controller that presented this one, or the nearest presented ancestor (Apple: "if the
    /// view controller is not presented, but one of its ancestors is being presented, this
    /// property holds the view controller presenting the nearest ancestor").
    open internal(set) var presentingViewController: UIViewController? {
        get { presentingStorage ?? parent?.presentingViewController }
        set { presentingStorage = newValue }
    }
    /// What this controller itself presents and what presented it.
    private(set) var presentedStorage: UIViewController?
    private weak var presentingStorage: UIViewController?
    private var navigationItemStorage: UINavigationItem?
    private var popoverStorage: UIPopoverPresentationController?

    /// The popover controller of a controller whose `modalPresentationStyle` is `.popover`
    /// (nil otherwise), as UIKit answers it.
    open var popoverPresentationController: UIPopoverPresentationController? {
        guard modalPresentationStyle == .popover else { return nil }
        if let popoverStorage { return popoverStorage }
        let popover = UIPopoverPresentationController()
        popoverStorage = popover
        return popover
    }
    var appearance: Appearance = .disappeared

    enum Appearance { case disappeared, appearing, appeared, disappearing }

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
        LeakRegistry.track(self)
    }

    public required init?(coder: NSCoder) {
        nibName = nil
        nibBundle = nil
        super.init(coder: coder)
        LeakRegistry.track(self)
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The root view, loaded on first use.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView?.owningViewController = nil
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    open var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view: a plain view the size of the screen.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        AppProcessLoop.record("viewDidLoad() \(Self.self)")
        viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func didReceiveMemoryWarning() {}

    /// Whether the controller is editing; `editButtonItem` toggles it.
    open private(set) var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
    open var editing: Bool {
        get { isEditing }
        set { setEditing(newValue, animated: false) }
    }

    open override var next: UIResponder? { loadedView?.superview ?? presentingViewController ?? parent }

    open var navigationItem: UINavigationItem {
        if let navigationItemStorage { return navigationItemStorage }
        let item = UINavigationItem(title: title ?? "")
        item.title = title
        navigationItemStorage = item
        return item
    }

    private var tabBarItemStorage: UITabBarItem?

    /// The item that stands for this controller in a tab bar: by default titled with `title`.
    open var tabBarItem: UITabBarItem! {
        get {
            if let tabBarItemStorage { return tabBarItemStorage }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            tabBarItemStorage = item
            return item
        }
        set { tabBarItemStorage = newValue }
    }

    /// The nearest tab bar controller above this one.
    open var tabBarController: UITabBarController? { nearestParent(UITabBarController.self) }

    /// The nearest navigation controller above this one.
    open var navigationController: UINavigationController? { nearestParent(UINavigationController.self) }

    /// The items the navigation controller's toolbar shows while this controller is on top
    /// (Apple: `toolbarItems`; the toolbar itself shows only when the navigation controller's
    /// `isToolbarHidden` is false).
    open var toolbarItems: [UIBarButtonItem]? {
        didSet { navigationController?.showToolbarItems(of: self) }
    }

    /// Apple: `setToolbarItems(_:animated:)`.
    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        self.toolbarItems = toolbarItems
    }

    private func nearestParent<Controller: UIViewController>(_ type: Controller.Type) -> Controller? {
        var current = parent
        while let controller = current {
            if let match = controller as? Controller { return match }
            current = controller.parent
        }
        return nil
    }

    open var isBeingPresented: Bool { presentingViewController != nil && appearance == .appearing }
    open var isMovingToParent = false
    open var isMovingFromParent = false

    // Children.
    open func addChild(_ childController: UIViewController) {
        guard childController.parent !== self else { return }
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}

    // Presentation.

    /// Presents `viewControllerToPresent` over this controller's presentation context; its
    /// appearance callbacks run, then `completion`. Presenting from a controller that is already
    /// presenting one does nothing but print UIKit's warning, as iOS does.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        let presenter = presentationContext
        if let already = presenter.presentedStorage {
            AppProcessLoop.warn("Attempt to present \(viewControllerToPresent.describedForWarning) on \(presenter.describedForWarning) (from \(describedForWarning)) which is already presenting \(already.describedForWarning).")
            return
        }
        if let alert = viewControllerToPresent as? UIAlertController, alert.preferredStyle == .actionSheet,
           UIDevice.current.userInterfaceIdiom == .pad, alert.popoverPresentationController?.hasAnchor != true {
            AppProcessLoop.terminate(exception: "NSGenericException", reason: UIKitExceptionText.actionSheetWithoutPopoverAnchor(
                alert: alert.describedForWarning, presenterType: "\(type(of: presenter))", presenter: presenter.describedForWarning))
        }
        if let picker = viewControllerToPresent as? UIImagePickerController, picker.sourceType == .camera,
           Bundle.main.object(forInfoDictionaryKey: "NSCameraUsageDescription") == nil {
            AppProcessLoop.privacyCrash(missingKey: "NSCameraUsageDescription")
        }
        if let picker = viewControllerToPresent as? UIImagePickerController, picker.sourceType == .camera {
            CameraAccess.askIfUndecided()
        }
        presenter.presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = presenter
        AppProcessLoop.record("present(_:animated:completion:) \(type(of: viewControllerToPresent))")
        AppProcessLoop.afterTransition(completion)
    }

    /// Dismisses what this controller presented (and everything above it); called on a presented
    /// controller with nothing above it, its presenter dismisses it (Apple's documented rule).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        var holder: UIViewController? = self
        while let current = holder, current.presentedStorage == nil { holder = current.parent }
        let presenter: UIViewController
        if let holder {
            presenter = holder
        } else if let presenting = presentingViewController {
            presenter = presenting
        } else {
            AppProcessLoop.afterTransition(completion)
            return
        }
        guard let dismissed = presenter.presentedStorage else { return }
        AppProcessLoop.record("dismiss(animated:completion:) \(type(of: dismissed))")
        presenter.presentedViewController = nil
        dismissed.presentingViewController = nil
        AppProcessLoop.afterTransition(completion)
    }

    /// The controller that presents for this one: the topmost of its parents.
    var presentationContext: UIViewController {
        var context: UIViewController = self
        while let parent = context.parent, !context.definesPresentationContext { context = parent }
        return context
    }

    var describedForWarning: String { "<\(type(of: self)): \(LeakRegistry.address(of: self))>" }

    /// The controllers on screen from this one down: itself, its visible children, then what
    /// it presents (a full-screen presentation hides what is under it).
    func visibleControllers() -> [UIViewController] {
        var shown = [self] + visibleChildren.flatMap { $0.visibleControllers() }
        if let presented = presentedStorage {
            let above = presented.visibleControllers()
            shown = presented.resolvedPresentationStyle.coversPresenter ? above : shown + above
        }
        return shown
    }

    /// The children whose views are on screen (a navigation controller's top one).
    var visibleChildren: [UIViewController] { children.filter { $0.loadedView?.window != nil } }

    /// The style this controller is shown in once iOS has adapted the requested one to the
    /// device (IOS-FACTS §7): `.automatic` is a sheet for a plain controller (pageSheet before
    /// iOS 18, formSheet from 18) and full screen for the camera; a popover in a horizontally
    /// compact environment (every iPhone) shows full screen, `UIPopoverPresentationController`'s
    /// adaptive default.
    var resolvedPresentationStyle: UIModalPresentationStyle {
        let pad = UIDevice.current.userInterfaceIdiom == .pad
        // An action sheet's popover becomes a sheet over the presenter on an iPhone.
        if self is UIAlertController { return modalPresentationStyle == .popover && !pad ? .overFullScreen : modalPresentationStyle }
        switch modalPresentationStyle {
        case .automatic:
            if let picker = self as? UIImagePickerController, picker.sourceType == .camera { return .fullScreen }
            let major = Int(UIDevice.current.systemVersion.split(separator: ".").first ?? "") ?? 0
            return major >= 18 ? .formSheet : .pageSheet
        case .popover:
            return pad ? .popover : .fullScreen
        default:
            return modalPresentationStyle
        }
    }

    /// The style's name as a scenario's `assertPresented` says it: an alert controller is
    /// `alert`, or `actionSheet` (a popover on iPad); other controllers their adapted
    /// `UIModalPresentationStyle` case.
    var shownStyleName: String {
        if let alert = self as? UIAlertController {
            if alert.preferredStyle == .alert { return "alert" }
            return UIDevice.current.userInterfaceIdiom == .pad ? "popover" : "actionSheet"
        }
        // The case's own name: `fullScreen`, `pageSheet`, `popover`.
        return String(describing: resolvedPresentationStyle)
    }

    /// What this controller presents, and what that one presents, and so on: bottom first.
    var presentationChain: [UIViewController] {
        var chain: [UIViewController] = []
        var current = presentedStorage
        while let controller = current {
            chain.append(controller)
            current = controller.presentedStorage
        }
        return chain
    }

    /// Every controller under this one: children and presented, depth first.
    func allControllers() -> [UIViewController] {
        [self] + children.flatMap { $0.allControllers() } + (presentedStorage?.allControllers() ?? [])
    }
}
