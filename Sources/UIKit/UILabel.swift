import Foundation

/// Read-only text (Apple: UIKit › UILabel). Its accessibility label is its text unless set.
open class UILabel: UIView {
    open var text: String? { didSet { setNeedsLayout() } }
    open var font: UIFont! = .systemFont(ofSize: 17)
    open var textColor: UIColor! = .label
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    open var adjustsFontSizeToFitWidth = false

    /// A label takes no touches unless told to (Apple: UILabel `isUserInteractionEnabled`,
    /// "The default value of this property is false"): a tap on it goes to the view under it.
    override var takesTouchesByDefault: Bool { false }

    open override var accessibilityLabel: String? {
        get { explicitAccessibilityLabel ?? text }
        set { explicitAccessibilityLabel = newValue }
    }

    open override var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? true }
        set { explicitIsAccessibilityElement = newValue }
    }

    override var elementKind: String { "label" }
}

/// Text alignment (Apple: `NSTextAlignment`, NSText.h on iOS: left 0, center 1, right 2,
/// justified 3, natural 4).
public enum NSTextAlignment: Int, Sendable {
    case left = 0
    case center = 1
    case right = 2
    case justified = 3
    case natural = 4
}
