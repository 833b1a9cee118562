import Foundation

/// A button (Apple: UIKit › UIButton). Its accessibility label is its current title unless set;
/// a tap sends `.touchDown`, `.touchUpInside`, then `.primaryActionTriggered` (which runs the
/// `primaryAction`).
open class UIButton: UIControl {
    /// Apple: `UIButton.ButtonType` (UIButton.h: custom 0, system 1, detailDisclosure 2,
    /// infoLight 3, infoDark 4, contactAdd 5, close 7; plain is `system`).
    public enum ButtonType: Int, Sendable {
        case custom = 0, system = 1, detailDisclosure = 2, infoLight = 3, infoDark = 4, contactAdd = 5, close = 7
        public static let roundedRect = ButtonType.system
        public static let plain = ButtonType.system
    }

    public private(set) var buttonType: ButtonType = .custom
    private var titles: [UInt: String] = [:]
    private var images: [UInt: UIImage] = [:]
    private var primary: UIAction?
    /// The label that shows the current title.
    public let titleLabel: UILabel? = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A system button whose title is the action's title and whose primary action it is (iOS 14).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(frame: .zero, primaryAction: primaryAction)
        self.buttonType = buttonType
    }

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        buttonType = .system
        if let primaryAction {
            primary = primaryAction
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// Sets the title for `state`; the normal title stands in for states without one.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        titleLabel?.text = currentTitle
    }

    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    open var currentTitle: String? { title(for: state) }

    /// Sets the image for `state`; the normal image stands in for states without one.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
    }

    open func image(for state: State) -> UIImage? {
        images[state.rawValue] ?? images[State.normal.rawValue]
    }

    open var currentImage: UIImage? { image(for: state) }

    open override var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? currentTitle }
        set { explicitAccessibilityLabel = newValue }
    }

    override var elementKind: String { "button" }
}

/// An on–off switch (Apple: UIKit › UISwitch). Its accessibility value is `1` or `0`; a tap
/// flips it and sends `.valueChanged`.
open class UISwitch: UIControl {
    open var isOn = false

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    open override var accessibilityValue: String? {
        get { explicitAccessibilityValue ?? (isOn ? "1" : "0") }
        set { explicitAccessibilityValue = newValue }
    }

    override var elementKind: String { "switch" }

    override func performTap() -> Bool {
        guard isEnabled, isUserInteractionEnabled else { return false }
        isOn.toggle()
        sendActions(for: .valueChanged)
        return true
    }
}
