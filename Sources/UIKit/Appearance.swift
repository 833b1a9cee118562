import Foundation

/// The appearance callbacks, from what is on screen before and after a change: the controllers
/// that left get `viewWillDisappear(_:)`, those that arrived `viewWillAppear(_:)` (their views
/// loaded first), then the leavers `viewDidDisappear(_:)` and the arrivals `viewDidAppear(_:)`,
/// then the completions of the presentations and pushes that caused it. A change made by a
/// callback is taken up in the next round, as UIKit's next layout pass would.
enum Appearance {
    nonisolated(unsafe) private static var onScreen: [UIViewController] = []
    nonisolated(unsafe) private static var inFlight: (leaving: [UIViewController], arriving: [UIViewController])?

    /// The controllers on screen now, root first.
    static func visibleNow() -> [UIViewController] {
        guard let window = UIApplication.shared.keyWindow, !window.isHidden, let root = window.rootViewController else { return [] }
        window.layoutPresentations()
        return root.visibleControllers()
    }

    /// Sends the will-callbacks of what changed since the last round.
    static func begin() {
        let visible = visibleNow()
        let leaving = onScreen.filter { old in !visible.contains { $0 === old } }
        let arriving = visible.filter { new in !onScreen.contains { $0 === new } }
        onScreen = visible
        for controller in leaving {
            controller.appearance = .disappearing
            AppProcessLoop.record("viewWillDisappear(_:) \(type(of: controller))")
            controller.viewWillDisappear(true)
        }
        for controller in arriving {
            controller.loadViewIfNeeded()
            controller.appearance = .appearing
            AppProcessLoop.record("viewWillAppear(_:) \(type(of: controller))")
            controller.viewWillAppear(true)
        }
        inFlight = (leaving, arriving)
    }

    /// Sends the did-callbacks of the round `begin()` started, then the completions; returns
    /// whether anything happened.
    @discardableResult
    static func end() -> Bool {
        let (leaving, arriving) = inFlight ?? ([], [])
        inFlight = nil
        for controller in leaving {
            controller.appearance = .disappeared
            AppProcessLoop.record("viewDidDisappear(_:) \(type(of: controller))")
            controller.viewDidDisappear(true)
            LeakRegistry.leftScreen(controller)
        }
        for controller in arriving {
            controller.appearance = .appeared
            LeakRegistry.arrived(controller)
            AppProcessLoop.record("viewDidAppear(_:) \(type(of: controller))")
            controller.viewDidAppear(true)
        }
        let completions = AppProcessLoop.takeCompletions()
        for completion in completions { completion() }
        return !leaving.isEmpty || !arriving.isEmpty || !completions.isEmpty
    }

    /// One whole round; returns whether anything happened.
    static func update() -> Bool {
        begin()
        return end()
    }
}

/// Every view controller the process made, held weakly, and when it left the screen: one
/// still alive after it left and the step settled is a leak (docs/uikit.md).
enum LeakRegistry {
    private final class Entry {
        weak var controller: UIViewController?
        let number: Int
        let typeName: String
        var leftAtStep: Int?
        init(_ controller: UIViewController, number: Int) {
            self.controller = controller
            self.number = number
            typeName = String(describing: type(of: controller))
        }
    }

    nonisolated(unsafe) private static var entries: [Entry] = []

    static func track(_ controller: UIViewController) {
        entries.append(Entry(controller, number: entries.count + 1))
    }

    /// A stable stand-in for the controller's address in UIKit's messages: its number in the
    /// order controllers were made (the same on every run, unlike a pointer).
    static func address(of controller: UIViewController) -> String {
        let number = entries.first { $0.controller === controller }?.number ?? 0
        return "0x" + String(0x1_0000 + number * 0x10, radix: 16)
    }

    static func leftScreen(_ controller: UIViewController) {
        entries.first { $0.controller === controller }?.leftAtStep = AppProcessLoop.stepNumber
    }

    static func arrived(_ controller: UIViewController) {
        entries.first { $0.controller === controller }?.leftAtStep = nil
    }

    /// The controllers alive although they left the screen in an earlier step and are not in
    /// the window now (a controller kept for reuse by the app is one too: it is alive). One still
    /// reached from a window's root, through children and presentations, is not a leak: it is
    /// only covered (a tab bar under a full-screen camera).
    static func leaked(onScreen: [UIViewController]) -> [(typeName: String, leftAtStep: Int)] {
        entries.removeAll { $0.controller == nil }
        let reachable = UIApplication.shared.windows.flatMap { $0.rootViewController?.allControllers() ?? [] }
        var found: [(String, Int)] = []
        for entry in entries {
            guard let controller = entry.controller, let step = entry.leftAtStep else { continue }
            if onScreen.contains(where: { $0 === controller }) || reachable.contains(where: { $0 === controller }) { continue }
            if controller.parent != nil || controller.presentingViewController != nil { continue }
            found.append((entry.typeName, step))
        }
        return found
    }
}
