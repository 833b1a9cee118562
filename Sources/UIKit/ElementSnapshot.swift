import AppChannel
import Foundation

/// The element tree of the key window, taken from its view hierarchy when a step has settled,
/// and what a tap on each element does. Hidden views (and views with no alpha) are left out
/// with everything inside them.
enum ElementSnapshot {
    nonisolated(unsafe) private static var taps: [Int: () -> Void] = [:]
    nonisolated(unsafe) private(set) static var views: [Int: UIView] = [:]
    /// The elements UIKit shows inside a view that are no views of their own (a bar's items, a
    /// tab bar's tabs, a row's Delete button, the system alert's buttons), by the element of the
    /// view they are in.
    nonisolated(unsafe) private static var drawnInside: [Int: [Int]] = [:]
    /// Each element's frame in the window, and the element of each view.
    nonisolated(unsafe) private static var frames: [Int: CGRect] = [:]
    nonisolated(unsafe) private static var elementOfView: [ObjectIdentifier: Int] = [:]
    /// The system's alert, when one is over the app.
    nonisolated(unsafe) private static var promptElement: Int?
    nonisolated(unsafe) private static var count = 0
    nonisolated(unsafe) private static var backButton: Int?
    nonisolated(unsafe) private static var hidesModalSiblings = true
    /// The decoded images on-screen image views showed in the last tree, each bitmap once.
    nonisolated(unsafe) private(set) static var imageBytesOnScreen = 0
    nonisolated(unsafe) private static var shownBitmaps = Set<ObjectIdentifier>()

    /// The key window's tree. `hidingModalSiblings` false keeps the views a modal view hides
    /// from assistive technologies (what is drawn under an alert); the step's tree hides them.
    static func capture(hidingModalSiblings: Bool = true) -> ElementNode {
        hidesModalSiblings = hidingModalSiblings
        taps = [:]
        views = [:]
        drawnInside = [:]
        frames = [:]
        elementOfView = [:]
        promptElement = nil
        backButton = nil
        imageBytesOnScreen = 0
        shownBitmaps = []
        var next = 0
        defer { count = next }
        guard let window = UIApplication.shared.keyWindow, !window.isHidden else {
            return ElementNode(id: 0, kind: "window", frame: rectangle(UIScreen.main.bounds))
        }
        window.layoutIfNeeded()
        var tree = node(for: window, next: &next)
        if let prompt = SystemPrompt.shown {
            // The system's alert is over the app: nothing under it takes a tap.
            backButton = nil
            tree.children.append(alertNode(prompt, in: window, next: &next))
        }
        return tree
    }

    /// The privacy prompt as iOS draws it: a 270-point alert in the middle of the screen with
    /// its title, its message and a row of buttons.
    private static func alertNode(_ prompt: SystemPrompt.Shown, in window: UIWindow, next: inout Int) -> ElementNode {
        let bounds = window.bounds
        let width: CGFloat = 270, height: CGFloat = 170
        let x = bounds.midX - width / 2, y = bounds.midY - height / 2
        let alertID = next
        next += 1
        var alert = ElementNode(id: alertID, kind: "alert", label: prompt.title, frame: [Double(x), Double(y), Double(width), Double(height)])
        promptElement = alertID
        record(alertID, frame: alert.frame)
        func child(_ kind: String, _ text: String, _ frame: [Double]) -> Int {
            let id = next
            next += 1
            record(id, frame: frame, drawnIn: alertID)
            alert.children.append(ElementNode(id: id, kind: kind, label: text, frame: frame))
            return id
        }
        _ = child("label", prompt.title, [Double(x + 16), Double(y + 20), Double(width - 32), 44])
        _ = child("label", prompt.message, [Double(x + 16), Double(y + 64), Double(width - 32), 60])
        let buttonWidth = width / CGFloat(prompt.buttons.count)
        for (index, button) in prompt.buttons.enumerated() {
            let id = child("button", button.title, [Double(x + buttonWidth * CGFloat(index)), Double(y + height - 44), Double(buttonWidth), 44])
            taps[id] = { SystemPrompt.choose(index) }
        }
        return alert
    }

    /// What a tap on the element `id` of the last tree does: a touch at the centre of its
    /// frame (where Maestro taps an element), delivered as UIKit delivers one. The window's
    /// `hitTest(_:with:)` finds the view under the finger, so a view on top (a sheet, an
    /// overlay) takes the touch and a label or image view lets it through; from that view up
    /// its superviews, the first that handles a tap does (a control that is enabled, a cell,
    /// an editable text view), or the element UIKit shows inside it under the finger (a bar
    /// button, a tab, a row's Delete button). While the system's alert is up only its buttons
    /// take a touch. Nil when the tree has no element `id`.
    static func tap(_ id: Int) -> (() -> Void)? {
        guard id >= 0, id < count else { return nil }
        guard let frame = frames[id] else { return {} }
        return touch(at: CGPoint(x: frame.midX, y: frame.midY))
    }

    /// What a touch at `point`, in the window's coordinates, does (``tap(_:)``).
    static func touch(at point: CGPoint) -> () -> Void {
        guard let window = UIApplication.shared.keyWindow, !window.isHidden else { return {} }
        if let promptElement {
            return shownInside(promptElement, at: point).flatMap { taps[$0] } ?? {}
        }
        let hit = window.hitTest(window.convert(point, from: nil), with: nil)
        return {
            guard let hit else { return }
            // The touch goes to the view under the finger; what it does not handle goes up the
            // responder chain (UIResponder), where UIKit's own views take a tap (UIView).
            deliverTouch(from: point, to: point, moves: 0, on: hit, in: window)
        }
    }

    /// What a touch lifted at `point` over `view` does when UIKit shows an element inside the
    /// view there (a bar's item, a tab, a row's Delete button), if it does: its tap, or nothing
    /// for a disabled bar button, which has no action and still takes the touch.
    static func touchShownInside(_ view: UIView, at point: CGPoint) -> (() -> Void)? {
        guard let element = elementOfView[ObjectIdentifier(view)], let inside = shownInside(element, at: point) else { return nil }
        return taps[inside] ?? {}
    }

    /// A finger dragged from `start` to `end` (window points) over a view that does not scroll:
    /// the view under the start takes `touchesBegan`, ten `touchesMoved` along the way and
    /// `touchesEnded`, as a finger's path reaches it; no time passes on the world's clock.
    static func drag(from start: CGPoint, to end: CGPoint, on hit: UIView, in window: UIWindow) {
        deliverTouch(from: start, to: end, moves: 10, on: hit, in: window)
    }

    /// One finger's touch of `hit`: down at `start`, `moves` steps along the line to `end`, up
    /// there. Every touch is a first tap: each step takes a second of the world's clock, so the
    /// touches of a double tap are further apart than UIKit counts as one (docs/uikit.md).
    private static func deliverTouch(from start: CGPoint, to end: CGPoint, moves: Int, on hit: UIView, in window: UIWindow) {
        let touch = UITouch(at: start, view: hit, window: window, tapCount: 1)
        let event = UIEvent(touch: touch)
        hit.touchesBegan([touch], with: event)
        for step in stride(from: 1, through: moves, by: 1) {
            let fraction = CGFloat(step) / CGFloat(moves)
            touch.move(to: CGPoint(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction))
            hit.touchesMoved([touch], with: event)
        }
        touch.end()
        hit.touchesEnded([touch], with: event)
    }

    /// The element UIKit shows inside the view of `element` under `point`, the last drawn first.
    private static func shownInside(_ element: Int, at point: CGPoint) -> Int? {
        drawnInside[element]?.last { frames[$0]?.contains(point) ?? false }
    }

    private static func record(_ id: Int, frame: [Double], drawnIn container: Int? = nil) {
        if frame.count == 4 { frames[id] = CGRect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]) }
        if let container { drawnInside[container, default: []].append(id) }
    }

    /// What the back button of the last tree does, if it had one.
    static var back: (() -> Void)? { backButton.flatMap { taps[$0] } }

    /// The view of the element `id` of the last tree.
    static func view(_ id: Int) -> UIView? { views[id] }

    private static func node(for view: UIView, next: inout Int) -> ElementNode {
        let id = next
        next += 1
        var node = ElementNode(id: id, kind: view.elementKind, label: view.accessibilityLabel,
                               identifier: view.accessibilityIdentifier, value: view.accessibilityValue,
                               placeholder: (view as? UITextField)?.placeholder,
                               frame: rectangle(view.convert(view.bounds, to: nil)),
                               isEnabled: (view as? UIControl)?.isEnabled ?? true,
                               isFocused: view.isFirstResponder,
                               isSelected: (view as? UIControl)?.isSelected ?? (view as? UITableViewCell)?.isSelected
                                   ?? (view as? UICollectionViewCell)?.isSelected ?? false)
        views[id] = view
        elementOfView[ObjectIdentifier(view)] = id
        record(id, frame: node.frame)
        if let image = (view as? UIImageView)?.image, image.decodedBytes > 0, let bitmap = image.bitmap,
           shownBitmaps.insert(ObjectIdentifier(bitmap)).inserted {
            imageBytesOnScreen += image.decodedBytes
        }
        if let bar = view as? UINavigationBar, let navigation = bar.navigationController {
            node.children = barElements(of: navigation, in: bar, next: &next)
            for child in node.children { record(child.id, frame: child.frame, drawnIn: id) }
            return node
        }
        if let toolbar = view as? UIToolbar {
            for (item, frame) in toolbar.laidOutItems() {
                let itemID = next
                next += 1
                let itemFrame = rectangle(toolbar.convert(frame, to: nil))
                record(itemID, frame: itemFrame, drawnIn: id)
                node.children.append(ElementNode(id: itemID, kind: "button", label: item.shownLabel, identifier: item.accessibilityIdentifier,
                                                 frame: itemFrame, isEnabled: item.isEnabled))
                if item.isEnabled { taps[itemID] = { item.tap() } }
            }
            return node
        }
        if let bar = view as? UITabBar, let tabs = bar.tabBarController {
            let frame = bar.convert(bar.bounds, to: nil)
            let controllers = tabs.viewControllers ?? []
            let width = controllers.isEmpty ? 0 : frame.width / CGFloat(controllers.count)
            for (index, controller) in controllers.enumerated() {
                let item = controller.tabBarItem!
                let tabID = next
                next += 1
                let tabFrame = [Double(frame.minX + width * CGFloat(index)), Double(frame.minY), Double(width), 49]
                record(tabID, frame: tabFrame, drawnIn: id)
                node.children.append(ElementNode(id: tabID, kind: "button", label: item.title, identifier: item.accessibilityIdentifier,
                                                 value: item.badgeValue, frame: tabFrame,
                                                 isEnabled: item.isEnabled, isSelected: index == tabs.selectedIndex))
                if item.isEnabled { taps[tabID] = { [weak tabs] in tabs?.tapTab(index) } }
            }
            return node
        }
        var shownSubviews = view.subviews.filter { !$0.isHidden && $0.alpha > 0 }
        // A modal view hides its siblings' elements (`accessibilityViewIsModal`).
        if hidesModalSiblings, let modal = shownSubviews.lastIndex(where: { $0.accessibilityViewIsModal }) {
            shownSubviews = [shownSubviews[modal]]
        }
        for subview in shownSubviews {
            node.children.append(self.node(for: subview, next: &next))
        }
        if let cell = view as? UITableViewCell, cell.showsDelete, let table = cell.table, let indexPath = table.indexPath(for: cell) {
            let id = next
            next += 1
            let frame = cell.convert(cell.bounds, to: nil)
            let deleteFrame = [Double(frame.maxX - 74), Double(frame.minY), 74, Double(frame.height)]
            record(id, frame: deleteFrame, drawnIn: node.id)
            node.children.append(ElementNode(id: id, kind: "button", label: "Delete", frame: deleteFrame))
            taps[id] = { [weak table] in table?.commitDelete(indexPath) }
        }
        return node
    }

    /// The bar's back button, left items, title and right items, laid out as iOS lays them out
    /// (back and left items from the leading edge, the title centred, right items from the
    /// trailing edge).
    private static func barElements(of navigation: UINavigationController, in bar: UINavigationBar,
                                    next: inout Int) -> [ElementNode] {
        let frame = bar.convert(bar.bounds, to: nil)
        guard let item = navigation.topViewController?.navigationItem else { return [] }
        var nodes: [ElementNode] = []
        var leading = frame.minX + 8
        func button(_ label: String?, identifier: String?, enabled: Bool, x: CGFloat, action: @escaping () -> Void) {
            let id = next
            next += 1
            nodes.append(ElementNode(id: id, kind: "button", label: label, identifier: identifier,
                                     frame: [Double(x), Double(frame.minY), 80, Double(frame.height)], isEnabled: enabled))
            if enabled { taps[id] = action }
        }
        if let back = navigation.backButtonTitle, !item.hidesBackButton {
            backButton = next
            button(back, identifier: nil, enabled: true, x: leading) { [weak navigation] in
                navigation?.popViewController(animated: true)
            }
            leading += 88
        }
        for barItem in item.leftBarButtonItems ?? [] {
            button(barItem.shownLabel, identifier: barItem.accessibilityIdentifier, enabled: barItem.isEnabled, x: leading) { barItem.tap() }
            leading += 88
        }
        if let title = item.title, !title.isEmpty {
            let id = next
            next += 1
            nodes.append(ElementNode(id: id, kind: "label", label: title,
                                     frame: [Double(frame.midX - 100), Double(frame.minY), 200, Double(frame.height)]))
        }
        var trailing = frame.maxX - 88
        for barItem in item.rightBarButtonItems ?? [] {
            button(barItem.shownLabel, identifier: barItem.accessibilityIdentifier, enabled: barItem.isEnabled, x: trailing) { barItem.tap() }
            trailing -= 88
        }
        return nodes
    }

    /// A frame in window points; a view framed with the null rect (what `insetBy` gives a rect
    /// too small for it) or with infinite values is where nothing can be hit: a zero frame.
    private static func rectangle(_ rect: CGRect) -> [Double] {
        let values = [Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height)]
        return values.allSatisfy(\.isFinite) ? values : [0, 0, 0, 0]
    }
}
