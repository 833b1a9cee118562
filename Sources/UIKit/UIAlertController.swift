import Foundation

/// A button of an alert (Apple: UIKit › UIAlertAction).
open class UIAlertAction: NSObject {
    /// Apple: `UIAlertAction.Style` (default 0, cancel 1, destructive 2).
    public enum Style: Int, Sendable { case `default` = 0, cancel = 1, destructive = 2 }

    open private(set) var title: String?
    public let style: Style
    open var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}

/// An alert or action sheet (Apple: UIKit › UIAlertController). A tap on one of its actions
/// dismisses it, then runs the action's handler. Its rules are UIKit's: one cancel action at most,
/// text fields only on an alert, and an action sheet presented on an iPad needs a popover anchor
/// (`popoverPresentationController?.sourceView` or `barButtonItem`), else the app ends with
/// UIKit's `NSGenericException` (its text as iOS 13 and later print it: material-components-ios
/// issue 8730, sberrevoets/SDCAlertView issue 306).
open class UIAlertController: UIViewController {
    /// Apple: `UIAlertController.Style` (actionSheet 0, alert 1).
    public enum Style: Int, Sendable { case actionSheet = 0, alert = 1 }

    public let preferredStyle: Style
    open private(set) var actions: [UIAlertAction] = []
    open var preferredAction: UIAlertAction?
    open var message: String?
    open private(set) var textFields: [UITextField]?

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil, style: preferredStyle)
        self.title = title
        self.message = message
    }

    init(nibName: String?, bundle: Bundle?, style: Style) {
        preferredStyle = style
        super.init(nibName: nibName, bundle: bundle)
        modalPresentationStyle = style == .actionSheet ? .popover : .custom
    }

    public required init?(coder: NSCoder) {
        preferredStyle = .alert
        super.init(coder: coder)
    }

    open func addAction(_ action: UIAlertAction) {
        if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
            AppProcessLoop.terminate(exception: "NSInternalInconsistencyException",
                                     reason: "UIAlertController can only have one action with a style of UIAlertActionStyleCancel")
        }
        actions.append(action)
    }

    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        guard preferredStyle == .alert else {
            AppProcessLoop.terminate(exception: "NSInternalInconsistencyException",
                                     reason: "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        }
        let field = UITextField()
        configurationHandler?(field)
        textFields = (textFields ?? []) + [field]
    }

    /// The actions in the order they were added, except that an action sheet shows its cancel
    /// action last, in a group of its own.
    var shownActions: [UIAlertAction] {
        guard preferredStyle == .actionSheet, let cancel = actions.firstIndex(where: { $0.style == .cancel }) else { return actions }
        var ordered = actions
        ordered.append(ordered.remove(at: cancel))
        return ordered
    }

    open override func loadView() {
        let container = UIView(frame: UIScreen.main.bounds)
        let width: CGFloat = preferredStyle == .alert ? 270 : container.bounds.width - 16
        let x = (container.bounds.width - width) / 2
        var y: CGFloat = preferredStyle == .alert ? container.bounds.height / 3 : container.bounds.height / 2
        let top = y
        for text in [title, message] {
            guard let text, !text.isEmpty else { continue }
            let label = UILabel(frame: CGRect(x: x + 16, y: y, width: width - 32, height: 22))
            label.text = text
            label.textAlignment = .center
            container.addSubview(label)
            y += 26
        }
        for field in textFields ?? [] {
            field.frame = CGRect(x: x + 16, y: y, width: width - 32, height: 28)
            container.addSubview(field)
            y += 32
        }
        for action in shownActions {
            let button = UIButton(type: .system)
            button.setTitle(action.title, for: .normal)
            button.isEnabled = action.isEnabled
            button.frame = CGRect(x: x, y: y, width: width, height: 44)
            button.addAction(UIAction { [weak self] _ in self?.choose(action) }, for: .touchUpInside)
            container.addSubview(button)
            y += 44
        }
        // The panel the texts and buttons sit on, over the dimmed screen: only drawn, never
        // an element of its own.
        let panel = UIView(frame: CGRect(x: x, y: top - 12, width: width, height: y - top + 24))
        panel.backgroundColor = .systemBackground
        panel.drawnCornerRadius = 14
        container.insertSubview(panel, at: 0)
        container.backgroundColor = UIColor(white: 0, alpha: 0.4)
        container.accessibilityViewIsModal = true
        view = container
    }

    /// The cancel-style action's button, tapped (a scenario's `back`); false when the alert has none.
    func chooseCancelAction() -> Bool {
        guard let cancel = actions.first(where: { $0.style == .cancel }) else { return false }
        choose(cancel)
        return true
    }

    /// A tap on `action`'s button: the alert goes, then the handler runs.
    private func choose(_ action: UIAlertAction) {
        guard action.isEnabled else { return }
        AppProcessLoop.record("UIAlertAction “\(action.title ?? "")”")
        dismiss(animated: true) {
            AppProcessLoop.record("handler of UIAlertAction “\(action.title ?? "")”")
            action.handler?(action)
        }
    }
}

/// Where a popover points (Apple: UIKit › UIPopoverPresentationController).
open class UIPopoverPresentationController: NSObject {
    open weak var sourceView: UIView?
    open var sourceRect: CGRect = .zero
    open var barButtonItem: UIBarButtonItem?
    open var permittedArrowDirections: UIPopoverArrowDirection = .any

    /// Whether the popover knows where to point.
    var hasAnchor: Bool { sourceView != nil || barButtonItem != nil }
}

/// Apple: `UIPopoverArrowDirection` (up 1, down 2, left 4, right 8, any 15).
public struct UIPopoverArrowDirection: OptionSet, Hashable, Sendable {
    public var rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any = UIPopoverArrowDirection(rawValue: 15)
}

/// The device (Apple: UIKit › UIDevice): its idiom and names, from the device the simulator
/// launched the app on.
open class UIDevice: NSObject {
    nonisolated(unsafe) private static let currentDevice = UIDevice()
    open class var current: UIDevice { currentDevice }

    open internal(set) var userInterfaceIdiom: UIUserInterfaceIdiom = .phone
    /// Whether the device type has a camera (from the device the simulator launched the app on).
    var hasCamera = true
    open var name: String { ProcessInfo.processInfo.environment["SIMULATOR_DEVICE_NAME"] ?? "iPhone" }
    open var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    open var systemName: String { "iOS" }
    open var systemVersion: String { ProcessInfo.processInfo.environment["SIMULATOR_RUNTIME_VERSION"] ?? "17.0" }
}

/// Apple: `UIUserInterfaceIdiom` (unspecified -1, phone 0, pad 1, tv 2, carPlay 3, mac 5, vision 6).
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
}
