import Foundation

/// The editing callbacks of a text view (Apple: UIKit › UITextViewDelegate, which refines
/// `UIScrollViewDelegate`); each is optional, with UIKit's default in the extension.
public protocol UITextViewDelegate: AnyObject {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
}

/// Several lines of editable text (Apple: UIKit › UITextView, a `UIScrollView`). A tap on an
/// editable one makes it the first responder (asking `textViewShouldBeginEditing(_:)`); typed
/// text goes through `textView(_:shouldChangeTextIn:replacementText:)`, then the text changes,
/// `textViewDidChange(_:)` is called and `UITextView.textDidChangeNotification` posted (Apple
/// documents both; which comes first is not documented: the delegate's here, as for text
/// fields' delegates before their notifications). The return key types a newline. Its
/// accessibility value is its text.
open class UITextView: UIScrollView {
    open var text: String! = ""
    open var font: UIFont? = .systemFont(ofSize: 12)
    open var textColor: UIColor? = .label
    open var textAlignment: NSTextAlignment = .natural
    /// Whether the user can edit it (a tap gives it the keyboard).
    open var isEditable = true
    open var isSelectable = true
    open weak var delegate: UITextViewDelegate?

    /// `UITextViewTextDidBeginEditingNotification`.
    public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// `UITextViewTextDidChangeNotification`.
    public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// `UITextViewTextDidEndEditingNotification`.
    public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    open override var canBecomeFirstResponder: Bool { isEditable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard canBecomeFirstResponder, delegate?.textViewShouldBeginEditing(self) ?? true else { return false }
        guard super.becomeFirstResponder() else { return false }
        delegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard delegate?.textViewShouldEndEditing(self) ?? true else { return false }
        _ = super.resignFirstResponder()
        delegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    /// Types `string` at the end of the text, as the keyboard does.
    func insert(_ string: String) {
        let current = text ?? ""
        let range = NSRange(location: (current as NSString).length, length: 0)
        guard delegate?.textView(self, shouldChangeTextIn: range, replacementText: string) ?? true else { return }
        text = current + string
        delegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    /// The keyboard's delete key (Apple: `UIKeyInput.deleteBackward()`): the last character
    /// goes, asked of the delegate as the change of its range to "", then `textViewDidChange(_:)`
    /// and `UITextViewTextDidChangeNotification`; nothing happens when there is no text.
    open func deleteBackward() {
        let current = text ?? ""
        guard let last = current.indices.last else { return }
        let range = NSRange(last..<current.endIndex, in: current)
        guard delegate?.textView(self, shouldChangeTextIn: range, replacementText: "") ?? true else { return }
        text = String(current[..<last])
        delegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    /// Whether there is text to delete (Apple: `UIKeyInput.hasText`).
    open var hasText: Bool { !(text ?? "").isEmpty }

    /// The keyboard's return key: a text view takes a newline.
    func pressReturn() { insert("\n") }

    open override var accessibilityValue: String? {
        get { explicitAccessibilityValue ?? text }
        set { explicitAccessibilityValue = newValue }
    }

    override var elementKind: String { "textView" }
    override var isTappable: Bool { isEditable && isUserInteractionEnabled }
    override func performTap() -> Bool {
        guard isEditable, isUserInteractionEnabled else { return false }
        return becomeFirstResponder()
    }
}

extension UITextView: KeyboardInput {}
