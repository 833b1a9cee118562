import Foundation

/// An event that reaches the app (Apple: UIKit › UIEvent; `class UIEvent : NSObject`), here for
/// the views' `hitTest(_:with:)` and `point(inside:with:)`, which take one. UIKit delivers the
/// simulator's taps through hit-testing with no event object (`nil`), as an app calling
/// `hitTest(_:with: nil)` itself does; touches (`UITouch`, `allTouches`) are not modelled
/// (docs/uikit.md).
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

    public override init() {
        super.init()
    }
}
