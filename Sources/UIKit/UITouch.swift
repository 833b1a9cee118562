import Foundation

/// One finger on the screen (Apple: UIKit › UITouch; `class UITouch : NSObject`). UIKit makes
/// one for each touch the simulator delivers (a scenario's tap, double tap, long press or drag)
/// and hands it to the view under the finger with `touchesBegan(_:with:)`, `touchesMoved(_:with:)`
/// and `touchesEnded(_:with:)` (UIResponder): the view a touch began in keeps it until it ends.
open class UITouch: NSObject {
    /// Apple: `UITouch.Phase` (UITouch.h, `UITouchPhase`: began 0, moved 1, stationary 2, ended 3,
    /// cancelled 4, regionEntered 5, regionMoved 6, regionExited 7).
    public enum Phase: Int, Sendable {
        case began = 0, moved, stationary, ended, cancelled, regionEntered, regionMoved, regionExited
    }

    /// Apple: `UITouch.TouchType` (`UITouchType`: direct 0, indirect 1, pencil 2, indirectPointer 3).
    public enum TouchType: Int, Sendable {
        case direct = 0, indirect, pencil, indirectPointer
    }

    open internal(set) var phase: Phase = .began
    /// How many times the finger tapped this point in a row (2 for the second tap of a double tap).
    open internal(set) var tapCount = 1
    /// When the touch last changed, in seconds since the device started (the world's clock).
    open internal(set) var timestamp: TimeInterval = 0
    open internal(set) var type: TouchType = .direct
    /// The view the touch began in, and its window.
    open internal(set) weak var view: UIView?
    open internal(set) weak var window: UIWindow?
    /// A finger's, as a device without 3D Touch reports it.
    open var force: CGFloat { 0 }
    open var maximumPossibleForce: CGFloat { 0 }
    open var majorRadius: CGFloat { 20 }
    open var majorRadiusTolerance: CGFloat { 5 }

    /// Where the finger is and was, in the window's coordinates.
    var locationInWindow: CGPoint
    var previousLocationInWindow: CGPoint
    /// Whether the finger moved: a drag, which UIKit's views do not take as a tap.
    var hasMoved = false

    init(at point: CGPoint, view: UIView?, window: UIWindow?, tapCount: Int) {
        locationInWindow = point
        previousLocationInWindow = point
        self.view = view
        self.window = window
        self.tapCount = tapCount
        timestamp = ProcessInfo.processInfo.systemUptime
        super.init()
    }

    /// Apple: the touch's location in `view`'s coordinates (the window's for nil).
    open func location(in view: UIView?) -> CGPoint {
        view.map { $0.convert(locationInWindow, from: nil) } ?? locationInWindow
    }

    /// Apple: where the touch was before its last move, in `view`'s coordinates.
    open func previousLocation(in view: UIView?) -> CGPoint {
        view.map { $0.convert(previousLocationInWindow, from: nil) } ?? previousLocationInWindow
    }

    /// The touch moved to `point`, in the window's coordinates.
    func move(to point: CGPoint) {
        previousLocationInWindow = locationInWindow
        locationInWindow = point
        hasMoved = true
        phase = .moved
        timestamp = ProcessInfo.processInfo.systemUptime
    }

    func end() {
        previousLocationInWindow = locationInWindow
        phase = .ended
        timestamp = ProcessInfo.processInfo.systemUptime
    }
}
