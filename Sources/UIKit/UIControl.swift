import Foundation

/// A closure-based action (Apple: UIKit › UIAction, iOS 14). Target–action with `#selector`
/// needs the Objective-C runtime, which Linux lacks: `UIAction` is the supported form.
open class UIAction: NSObject {
    /// Apple: `UIAction.Identifier`.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    open var title: String
    open var image: UIImage?
    public let identifier: Identifier
    let handler: UIActionHandler
    /// The control that sent the action, while its handler runs.
    open internal(set) var sender: Any?

    /// Apple (iOS 14): `init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)`,
    /// here without the menu-only `discoverabilityTitle`, `attributes` and `state`.
    public init(title: String = "", image: UIImage? = nil, identifier: Identifier? = nil, handler: @escaping UIActionHandler) {
        self.title = title
        self.image = image
        self.identifier = identifier ?? Identifier(UUIDText.next())
        self.handler = handler
        super.init()
    }

    func perform(from sender: Any?) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}

public typealias UIActionHandler = (UIAction) -> Void

/// Identifiers UIKit makes for actions made without one: counted per process, so the same app
/// makes the same identifiers on every run.
enum UUIDText {
    nonisolated(unsafe) private static var count = 0
    static func next() -> String {
        count += 1
        return "com.apple.action.dynamic.\(count)"
    }
}

/// A view that sends actions for its events (Apple: UIKit › UIControl).
open class UIControl: UIView {
    /// Apple: `UIControl.Event` (UIControl.h, `UIControlEvents`).
    public struct Event: OptionSet, Hashable, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Apple: `UIControl.State` (UIControl.h, `UIControlState`).
    public struct State: OptionSet, Hashable, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    open var isEnabled = true
    open var isSelected = false
    open var isHighlighted = false
    open var state: State {
        var state: State = []
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isHighlighted { state.insert(.highlighted) }
        return state
    }

    private var actions: [(action: UIAction, events: Event)] = []

    open override var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? true }
        set { explicitIsAccessibilityElement = newValue }
    }

    /// Adds `action` for `controlEvents` (an action with the identifier of one already added
    /// replaces it, as Apple documents).
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action.identifier == action.identifier && $0.events == controlEvents }
        actions.append((action, controlEvents))
    }

    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        actions.removeAll { $0.action === action && $0.events == controlEvents }
    }

    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        actions.removeAll { $0.action.identifier == actionIdentifier && $0.events == controlEvents }
    }

    /// Runs every action added for any of `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
            entry.action.perform(from: self)
        }
    }

    override var isTappable: Bool { true }

    /// A finger down and up inside: touch down, touch up inside, then the primary action.
    override func performTap() -> Bool {
        guard isEnabled, isUserInteractionEnabled else { return false }
        sendActions(for: .touchDown)
        sendActions(for: .touchUpInside)
        sendActions(for: .primaryActionTriggered)
        return true
    }
}
