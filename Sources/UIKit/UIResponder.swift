import Foundation

/// An object that can respond to events: the superclass of `UIApplication`, `UIView`,
/// `UIViewController` and an app's delegate (Apple: UIKit › UIResponder;
/// `class UIResponder : NSObject, UIResponderStandardEditActions` in UIResponder.h).
///
/// Like Apple's it adopts `NSCoding`'s initializer: `required init?(coder:)`. UIKit makes an
/// app's delegate with it (Swift on Linux has no Objective-C runtime to call `init()` on a
/// class it knows only by its type), so a delegate that declares initializers of its own must
/// make `init?(coder:)` work as well (on iOS, too, it must declare it).
open class UIResponder: NSObject {
    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init()
    }

    /// The next responder: a view's view controller or superview, a view controller's view's
    /// superview (or its presenting controller), the window's application, the application's
    /// delegate.
    open var next: UIResponder? { nil }

    /// Whether the responder accepts first-responder status (`false` unless a subclass says so).
    open var canBecomeFirstResponder: Bool { false }
    open var canResignFirstResponder: Bool { true }

    /// Whether this responder is the window's first responder.
    open var isFirstResponder: Bool { UIApplication.shared.firstResponder === self }

    /// Makes this responder the first responder when it can; returns whether it is.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIApplication.shared.firstResponder, current !== self {
            guard current.resignFirstResponder() else { return false }
        }
        UIApplication.shared.firstResponder = self
        return true
    }

    /// Apple: "The default implementation of this method forwards the message up the responder
    /// chain" (each of the four touch methods). A view of UIKit's own that handles a touch
    /// (a control, a cell, a bar's item) does so in `touchesEnded(_:with:)`; a view that
    /// overrides these without calling `super` keeps the touches from it, as on iOS.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// Gives up first-responder status; returns `true` (as UIKit's default does).
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIApplication.shared.firstResponder === self { UIApplication.shared.firstResponder = nil }
        return true
    }
}

/// The coder UIKit makes an app's delegate with: it holds nothing, and a delegate that reads
/// from it reads nothing.
final class LaunchCoder: NSCoder {
    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
}
