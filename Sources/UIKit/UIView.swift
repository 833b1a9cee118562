import Foundation

/// A rectangle of the screen and the views inside it (Apple: UIKit › UIView). The hierarchy is
/// real (`superview`, `subviews`, `window`, frames in the superview's coordinates); what the
/// simulator reads of it is the element tree (`accessibilityLabel`, `accessibilityIdentifier`,
/// `accessibilityValue`, frames converted to the window's coordinates). Layout is by frames:
/// Auto Layout constraints are not supported (docs/uikit.md).
open class UIView: UIResponder {
    /// The frame in the superview's coordinates.
    open var frame: CGRect {
        get { CGRect(origin: CGPoint(x: center.x - bounds.width / 2, y: center.y - bounds.height / 2), size: bounds.size) }
        set {
            bounds.size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
            setNeedsLayout()
        }
    }
    /// The view's own coordinates: origin zero unless scrolled, size its frame's.
    open var bounds: CGRect = .zero
    open var center: CGPoint = .zero

    open private(set) weak var superview: UIView?
    open private(set) var subviews: [UIView] = []

    open var isHidden = false
    open var alpha: CGFloat = 1
    open var backgroundColor: UIColor?
    open var tintColor: UIColor!
    open var tag = 0
    /// Whether the view takes touches: true unless set, or unless the class disregards them by
    /// default (a label, an image view), as Apple's do.
    open var isUserInteractionEnabled: Bool {
        get { explicitUserInteraction ?? takesTouchesByDefault }
        set { explicitUserInteraction = newValue }
    }
    private var explicitUserInteraction: Bool?
    /// `isUserInteractionEnabled` until it is set.
    var takesTouchesByDefault: Bool { true }
    open var clipsToBounds = false
    open var contentMode: ContentMode = .scaleToFill

    /// Apple: `UIView.ContentMode` (UIView.h, `UIViewContentMode`).
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right
        case topLeft, topRight, bottomLeft, bottomRight
    }

    // UIAccessibility: what VoiceOver, XCUITest and Maestro read.
    /// Nil unless set, or derived by a subclass (a label's text, a button's title).
    open var accessibilityLabel: String? {
        get { explicitAccessibilityLabel }
        set { explicitAccessibilityLabel = newValue }
    }
    open var accessibilityIdentifier: String?
    /// Whether assistive technologies (and so the element tree Maestro reads through XCUITest)
    /// ignore the elements of this view's siblings: Apple's `accessibilityViewIsModal`, which
    /// an alert's view sets.
    open var accessibilityViewIsModal = false
    open var accessibilityValue: String? {
        get { explicitAccessibilityValue }
        set { explicitAccessibilityValue = newValue }
    }
    open var accessibilityHint: String?
    open var accessibilityTraits: UIAccessibilityTraits = .none
    /// Whether assistive technologies see this view as one element (true for controls and
    /// labels, false for plain views).
    open var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? false }
        set { explicitIsAccessibilityElement = newValue }
    }
    var explicitAccessibilityLabel: String?
    var explicitAccessibilityValue: String?
    var explicitIsAccessibilityElement: Bool?

    /// The view controller whose root view this is (the responder chain's next).
    weak var owningViewController: UIViewController?
    private var needsLayout = true

    public init(frame: CGRect) {
        super.init()
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    public convenience override init() {
        self.init(frame: .zero)
    }

    open override var next: UIResponder? { owningViewController ?? superview }

    /// The window the view is in, if any.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    /// Makes the first responder inside this view (the view or one below it) resign, as
    /// UIKit's `endEditing(_:)` does; `force` is taken as true (a delegate cannot keep the
    /// keyboard here). Returns whether one resigned.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard let responder = UIApplication.shared.firstResponder as? UIView else { return false }
        var current: UIView? = responder
        while let view = current, view !== self { current = view.superview }
        guard current != nil else { return false }
        return responder.resignFirstResponder()
    }

    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews (moved if it is already among them).
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        let wasHere = view.superview === self
        view.removeFromSuperview()
        let position = min(max(0, wasHere ? min(index, subviews.count) : index), subviews.count)
        subviews.insert(view, at: position)
        view.superview = self
        setNeedsLayout()
    }

    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    open func sendSubviewToBack(_ view: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    open func removeFromSuperview() {
        guard let parent = superview else { return }
        if let responder = UIApplication.shared.firstResponder as? UIView, responder.isDescendant(of: self) {
            _ = responder.resignFirstResponder()
        }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Whether this view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// This view or the first of its descendants (depth first) with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for view in subviews { if let found = view.viewWithTag(tag) { return found } }
        return nil
    }

    /// Lays out the subviews; the default does nothing (there are no constraints to solve).
    open func layoutSubviews() {}
    open func setNeedsLayout() { needsLayout = true }
    /// Lays out this view if it needs it, then every view inside it that does.
    open func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }
    open func setNeedsDisplay() {}
    open func sizeToFit() { bounds.size = sizeThatFits(bounds.size) }
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
    /// Apple: `UIView.noIntrinsicMetric` (-1).
    public static let noIntrinsicMetric: CGFloat = -1

    /// `point` (in this view's coordinates) in `view`'s coordinates, or the window's when nil.
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inWindow = pointInWindow(point)
        guard let view else { return inWindow }
        let origin = view.pointInWindow(.zero)
        return CGPoint(x: inWindow.x - origin.x, y: inWindow.y - origin.y)
    }

    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// `point` in `view`'s coordinates (the window's when nil) in this view's coordinates.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inWindow = view?.pointInWindow(point) ?? point
        let origin = pointInWindow(.zero)
        return CGPoint(x: inWindow.x - origin.x, y: inWindow.y - origin.y)
    }

    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    private func pointInWindow(_ point: CGPoint) -> CGPoint {
        var result = CGPoint(x: point.x - bounds.origin.x, y: point.y - bounds.origin.y)
        var view: UIView = self
        while let parent = view.superview {
            result.x += view.frame.origin.x - parent.bounds.origin.x
            result.y += view.frame.origin.y - parent.bounds.origin.y
            view = parent
        }
        return result
    }

    /// The farthest descendant of this view (itself included) that contains `point`, in this
    /// view's coordinates, and takes touches (Apple: UIView `hitTest(_:with:)`): a view that is
    /// hidden, has user interaction disabled or an alpha below 0.01 is never hit, nor is anything
    /// inside it; a point outside `point(inside:with:)` is no hit even where a subview reaches
    /// out of the bounds; subviews are tried from the top-most (the last) down. A tap goes to
    /// the view this returns for the tapped element's centre, as UIKit delivers a touch.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            // The point in the subview's coordinates: from its frame's origin, plus its bounds'
            // origin (what it has scrolled by).
            let converted = CGPoint(x: point.x - subview.frame.minX + subview.bounds.minX,
                                    y: point.y - subview.frame.minY + subview.bounds.minY)
            if let hit = subview.hitTest(converted, with: event) { return hit }
        }
        return self
    }

    /// Whether `point`, in this view's coordinates, is inside it (Apple: UIView
    /// `point(inside:with:)`): within its bounds, the far edges excluded, as `CGRect.contains`
    /// (`CGRectContainsPoint`) excludes them.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    /// The rounding of the view's corners when the screen is drawn (UIKit's own panels).
    var drawnCornerRadius: CGFloat = 0
    /// What the element tree calls this view (`view`, `label`, `button`, ...).
    var elementKind: String { "view" }
    /// UIKit's own views handle the finger lifted over them here: an element UIKit draws inside
    /// the view under the finger (a bar's item, a tab, a row's Delete button), else a control's,
    /// a cell's or an editable text view's tap; a touch that moved is no tap. What is not
    /// handled goes up the responder chain (UIResponder's default).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let touch = touches.first, !touch.hasMoved {
            if let inside = ElementSnapshot.touchShownInside(self, at: touch.locationInWindow) {
                inside()
                return
            }
            if isTappable, performTap() { return }
        }
        super.touchesEnded(touches, with: event)
    }

    /// What a tap on this view does, if anything.
    func performTap() -> Bool { false }
    /// Whether a tap does something (controls and cells).
    var isTappable: Bool { false }
}
