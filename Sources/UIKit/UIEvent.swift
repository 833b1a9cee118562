import Foundation

/// An event that reaches the app (Apple: UIKit › UIEvent; `class UIEvent : NSObject`): the
/// touches event UIKit hands to `touchesBegan(_:with:)` and the rest with the touches it holds.
/// The simulator's touches are found by hit-testing with no event object (`nil`), as an app
/// calling `hitTest(_:with: nil)` itself does.
open class UIEvent: NSObject {
    /// Apple: `UIEvent.EventType` (UIEvent.h, `UIEventType`: touches 0, motion 1, remoteControl 2,
    /// presses 3).
    public enum EventType: Int, Sendable {
        case touches = 0
        case motion = 1
        case remoteControl = 2
        case presses = 3
    }

    open internal(set) var type: EventType = .touches
    /// When the event happened, in seconds since the device started (the world's clock).
    open internal(set) var timestamp: TimeInterval = 0

    /// The touches of a touches event.
    var touches: Set<UITouch> = []

    public override init() {
        super.init()
    }

    init(touch: UITouch) {
        touches = [touch]
        timestamp = touch.timestamp
        super.init()
    }

    /// Apple: every touch of the event (nil for an event that is not of touches).
    open var allTouches: Set<UITouch>? { type == .touches ? touches : nil }

    /// Apple: the touches that began in `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return touches.filter { $0.view === view }
    }

    /// Apple: the touches in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return touches.filter { $0.window === window }
    }
}
