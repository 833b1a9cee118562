import Foundation

/// The editing callbacks of a text field (Apple: UIKit › UITextFieldDelegate); each is optional,
/// with UIKit's default in the extension.
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

/// One line of editable text (Apple: UIKit › UITextField). A tap makes it the first responder
/// (asking `textFieldShouldBeginEditing(_:)`); typed text goes through
/// `textField(_:shouldChangeCharactersIn:replacementString:)`, then `.editingChanged` and
/// `UITextField.textDidChangeNotification`. Its accessibility value is its text.
open class UITextField: UIControl {
    /// Apple: `UITextField.BorderStyle` (none 0, line 1, bezel 2, roundedRect 3).
    public enum BorderStyle: Int, Sendable { case none = 0, line, bezel, roundedRect }

    open var text: String? = ""
    open var placeholder: String?
    open var font: UIFont? = .systemFont(ofSize: 17)
    open var textColor: UIColor? = .label
    open var textAlignment: NSTextAlignment = .natural
    open var borderStyle: BorderStyle = .none
    open var clearsOnBeginEditing = false
    open weak var delegate: UITextFieldDelegate?
    open private(set) var isEditing = false

    /// `UITextFieldTextDidBeginEditingNotification`.
    public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// `UITextFieldTextDidEndEditingNotification`.
    public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
    /// `UITextFieldTextDidChangeNotification`.
    public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")

    open override var canBecomeFirstResponder: Bool { isEnabled }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard canBecomeFirstResponder, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        guard super.becomeFirstResponder() else { return false }
        isEditing = true
        if clearsOnBeginEditing { text = "" }
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return super.resignFirstResponder() }
        guard delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
        _ = super.resignFirstResponder()
        isEditing = false
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    /// Types `string` at the end of the text, as the keyboard does.
    func insert(_ string: String) {
        let current = text ?? ""
        let range = NSRange(location: (current as NSString).length, length: 0)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else { return }
        text = current + string
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    /// The keyboard's delete key (Apple: `UIKeyInput.deleteBackward()`): the last character
    /// goes, asked of the delegate as the change of its range to "", then `.editingChanged` and
    /// `UITextFieldTextDidChangeNotification`; nothing happens on an empty field.
    open func deleteBackward() {
        let current = text ?? ""
        guard let last = current.indices.last else { return }
        let range = NSRange(last..<current.endIndex, in: current)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: "") ?? true else { return }
        text = String(current[..<last])
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
    }

    /// Whether there is text to delete (Apple: `UIKeyInput.hasText`).
    open var hasText: Bool { !(text ?? "").isEmpty }

    /// The keyboard's return key: asks `textFieldShouldReturn(_:)`, then `.editingDidEndOnExit`.
    func pressReturn() {
        guard delegate?.textFieldShouldReturn(self) ?? true else { return }
        sendActions(for: .editingDidEndOnExit)
    }

    open override var accessibilityValue: String? {
        get { explicitAccessibilityValue ?? text }
        set { explicitAccessibilityValue = newValue }
    }

    override var elementKind: String { "textField" }

    override func performTap() -> Bool {
        guard isEnabled, isUserInteractionEnabled else { return false }
        return becomeFirstResponder()
    }
}

/// What the keyboard types into: the first responder's text, a key at a time (UIKit's text
/// field and text view, each with its own delegate calls).
protocol KeyboardInput: UIResponder {
    /// Types `string` at the end of the text.
    func insert(_ string: String)
    /// The delete key.
    func deleteBackward()
    /// The return key.
    func pressReturn()
}

extension KeyboardInput {
    /// Types `text` as the keyboard does, each newline the return key (XCUITest's `typeText`,
    /// which Maestro's `inputText` and its `pressKey: Enter` reach on iOS): a text field asks
    /// `textFieldShouldReturn(_:)`, a text view takes the newline as text. What comes after a
    /// return that ended the editing goes nowhere, as the keyboard has gone.
    func type(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            guard isFirstResponder else { return }
            if !line.isEmpty { insert(String(line)) }
            if index < lines.count - 1 { pressReturn() }
        }
    }
}

extension UITextField: KeyboardInput {}
