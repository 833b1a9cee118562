import Core
import Platform
import Simulator

/// Assertions on what the app shows, its state, memory, leaks, notifications, trace and the
/// device's library. A failed one stops the scenario.
extension ScenarioSession {
    /// Checks one assertion command.
    func check(_ command: ScenarioCommand) throws {
        switch command {
        case .assertVisible(let selector): try assertVisible(selector, visible: true)
        case .assertNotVisible(let selector): try assertVisible(selector, visible: false)
        case .assertPresented(let expectation): try assertPresented(expectation)
        case .assertFile(let expectation): try assertFile(expectation)
        case .assertNoFile(let path): try assertNoFile(path)
        case .assertFiles(let folder, let names): try assertFiles(in: folder, names: names)
        case .assertQuery(let store, let sql, let rows): try assertQuery(store: store, sql: sql, rows: rows)
        case .assertPreference(let key, let value): try assertPreference(key: key, equals: value)
        case .assertNoLeaks: try assertNoLeaks()
        case .assertLeak(let type, let retainer): try assertLeak(type: type, retainedBy: retainer)
        case .assertCrashed(let reason): try assertCrashed(reason: reason)
        case .assertRunning: try assertRunning()
        case .assertNotifications(let names): try assertNotifications(names)
        case .assertMemory(let footprint, let cacheEmpty): try assertMemory(footprintBelow: footprint, cacheEmpty: cacheEmpty)
        case .assertTrace(let text, let count): try assertTrace(contains: text, count: count)
        case .assertLibrary(let count): try Self.checkLibrary(device.mediaLibrary, count: count)
        default: preconditionFailure("\(command.name) is not an assertion")
        }
    }

    /// Maestro's condition on what is on screen now (nothing while the app is not in front).
    func holds(_ condition: FlowCondition) throws -> Bool {
        try condition.holds(on: { () throws -> [Element] in
            guard host.state == .active else { return [] }
            try host.settle()
            return host.visibleElements
        }, shows: { elements, selector in selector.match(in: elements) != nil })
    }

    /// A wait's time: the world's clock moves on, and the app settles.
    func passTimeWaiting(milliseconds: Int64) throws {
        try world.passTime(nanoseconds: milliseconds * 1_000_000)
        if host.state.isRunning { try host.settle() }
    }

    /// Only an app in front changes the screen while a command waits.
    var waitingCanChangeTheScreen: Bool { host.state == .active }

    /// In-process screens list every element at once: a drag moves nothing.
    func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) throws {
        try settledRunningApp()
    }

    func visibility(of selector: ElementSelector) throws -> Double? {
        guard host.state == .active else { return nil }
        try host.settle()
        return selector.match(in: host.visibleElements) != nil ? 1 : nil
    }

    var screensScroll: Bool { false }

    /// In-process screens are lists with no frames.
    func framedTree() throws -> ElementNode? { nil }

    /// A point means nothing on a list (refused before the run starts).
    func tap(atX x: Double, y: Double) throws {
        throw StepFailure("a tap at a point needs the frames of an app in its own process (`--app`)")
    }

    func screenSize() throws -> (width: Double, height: Double) {
        let type = device.deviceType
        return (Double(type.screenPixelWidth / type.screenScale), Double(type.screenPixelHeight / type.screenScale))
    }

    /// The app in the foreground, its pending work run; fails saying what the app is instead.
    func settledRunningApp() throws {
        guard host.state == .active else {
            throw StepFailure("the app is not running in the foreground (it is \(host.state)); launch it first")
        }
        try host.settle()
    }

    private func assertVisible(_ selector: ElementSelector, visible: Bool) throws {
        try settledRunningApp()
        let elements = host.visibleElements
        guard (selector.match(in: elements) != nil) != visible else { return }
        let onScreen = elements.isEmpty ? "nothing" : elements.map(\.summary).joined(separator: ", ")
        throw StepFailure(visible
            ? "\(selector) is not on \(host.visibleScreenName); on screen: \(onScreen)"
            : "\(selector) is on \(host.visibleScreenName), expected it gone",
            expected: visible ? "\(selector) visible" : "\(selector) not visible",
            actual: "on \(host.visibleScreenName): \(onScreen)")
    }

    /// The topmost presented screen and its style; a permission prompt counts as an `alert`
    /// whose screen is its title.
    private func assertPresented(_ expectation: PresentedExpectation?) throws {
        try settledRunningApp()
        let actual: (screen: [String], style: String)?
        if let prompt = host.promptTitle {
            actual = ([prompt], "alert")
        } else if let presented = host.presented {
            let apple = presented.screen.appleClassName
            actual = ([presented.screen.title, String(describing: type(of: presented.screen))] + (apple.map { [$0] } ?? []),
                      presented.style)
        } else {
            actual = nil
        }
        try Self.check(presented: actual, against: expectation)
    }

    /// `assertPresented`'s comparison, for both kinds of session: `actual` is the names the
    /// screen on top answers to (its title first, then its type's name) and its style, or nil.
    static func check(presented actual: (screen: [String], style: String)?, against expectation: PresentedExpectation?) throws {
        let shown = actual.map { "\($0.screen.first(where: { !$0.isEmpty }) ?? $0.screen.last ?? "") (\($0.style))" } ?? "none"
        guard let expectation else {
            guard actual == nil else { throw StepFailure.mismatch("presented screen", expected: "none", actual: shown) }
            return
        }
        let wanted = [expectation.screen, expectation.style?.rawValue].compactMap { $0 }.joined(separator: ", ")
        guard let actual else { throw StepFailure.mismatch("presented screen", expected: wanted, actual: "none") }
        let screenMatches = expectation.screen.map { actual.screen.contains($0) } ?? true
        let styleMatches = expectation.style.map { $0.rawValue == actual.style } ?? true
        guard screenMatches && styleMatches else {
            throw StepFailure.mismatch("presented screen", expected: wanted, actual: shown)
        }
    }

    private func assertNoLeaks() throws {
        let leaks = try host.leaks()
        guard !leaks.isEmpty else { return }
        throw StepFailure.mismatch("leaks", expected: "none", actual: leaks.map(\.description).joined(separator: "; "))
    }

    /// Exactly one leak, of `type`, retained by `retainedBy`: `NotificationCenter` means any
    /// observer; other text must appear in the observer's registrant or notification name.
    private func assertLeak(type: String, retainedBy expectedRetainer: String?) throws {
        let leaks = try host.leaks()
        let shown = leaks.isEmpty ? "no leak" : leaks.map(\.description).joined(separator: "; ")
        let expected = "one leak of \(type)" + (expectedRetainer.map { " retained by \($0)" } ?? "")
        guard leaks.count == 1, let leak = leaks.first, leak.typeName == type else {
            throw StepFailure.mismatch("leaks", expected: expected, actual: shown)
        }
        guard let expectedRetainer else { return }
        let retainerMatches: Bool
        if let retainer = leak.retainer {
            retainerMatches = expectedRetainer == "NotificationCenter"
                || retainer.registrant.contains(expectedRetainer) || retainer.name.contains(expectedRetainer)
        } else {
            retainerMatches = false
        }
        guard retainerMatches else { throw StepFailure.mismatch("leaks", expected: expected, actual: shown) }
    }

    /// The app ended by a crash (or a jetsam kill, reason `per-process-limit`) whose reason
    /// contains `reason`.
    private func assertCrashed(reason: String?) throws {
        try host.settle()
        let actualReason: String
        switch host.state {
        case .crashed(let termination): actualReason = termination.description
        case .jetsamKilled(let jetsam): actualReason = "jetsam \(jetsam)"
        default:
            throw StepFailure.mismatch("app state", expected: "crashed" + (reason.map { " with “\($0)”" } ?? ""),
                                       actual: host.state.description)
        }
        if let reason, !actualReason.contains(reason) {
            throw StepFailure.mismatch("crash reason", expected: "a reason containing “\(reason)”", actual: actualReason)
        }
    }

    private func assertRunning() throws {
        try host.settle()
        guard host.state == .active else {
            throw StepFailure.mismatch("app state", expected: "active", actual: host.state.description)
        }
    }

    /// The system notifications posted to the app since the last check, in order; names are
    /// compared without `UIApplication` and `Notification` (`didEnterBackground`).
    private func assertNotifications(_ names: [String]) throws {
        try host.settle()
        let events = world.trace.events
        let posted = events[min(notificationCheckpoint, events.count)...].compactMap { Self.postedNotification($0.event) }
        notificationCheckpoint = events.count
        let expected = names.map(Self.shortNotificationName)
        guard posted == expected else {
            throw StepFailure.mismatch("notifications since the last check", expected: expected.description,
                                       actual: posted.description)
        }
    }

    /// `didEnterBackground` for the event `post UIApplicationDidEnterBackgroundNotification from UIApplication`.
    private static func postedNotification(_ event: TraceEvent) -> String? {
        guard case .posted(let name, sender: "UIApplication") = event else { return nil }
        return shortNotificationName(name)
    }

    /// True for the lines the runner writes itself: `scenario <line>:<column> …`,
    /// `scenario waited …` and `scenario check … failed`.
    static func isRunnersOwn(_ event: TraceEvent) -> Bool {
        switch event.kind {
        case .scenarioStep, .scenarioStepFailed, .scenarioStepWarned, .scenarioWaited, .scenarioLog, .scenarioCheckFailed: true
        default: false
        }
    }

    static func shortNotificationName(_ name: String) -> String {
        var short = Substring(name)
        if short.hasPrefix("UIApplication") { short = short.dropFirst("UIApplication".count) }
        if short.hasSuffix("Notification") { short = short.dropLast("Notification".count) }
        guard let first = short.first else { return name }
        return first.lowercased() + short.dropFirst()
    }

    private func assertMemory(footprintBelow limit: ByteSize?, cacheEmpty: Bool?) throws {
        try host.settle()
        try Self.checkMemory(footprint: host.memoryFootprintBytes, heldOffScreen: host.heldOffScreenBytes,
                             footprintBelow: limit, cacheEmpty: cacheEmpty)
    }

    /// `assertMemory`'s comparison, for both kinds of session: the app's footprint (decoded
    /// images and caches) and what of it the screen does not show.
    static func checkMemory(footprint: Int, heldOffScreen cached: Int, footprintBelow limit: ByteSize?, cacheEmpty: Bool?) throws {
        if let limit, Int64(footprint) >= limit.bytes {
            throw StepFailure.mismatch("memory footprint", expected: "below \(limit) (\(limit.bytes) bytes)",
                                       actual: "\(footprint) bytes")
        }
        if let cacheEmpty {
            guard (cached == 0) == cacheEmpty else {
                throw StepFailure.mismatch("image cache", expected: cacheEmpty ? "empty" : "not empty",
                                           actual: "\(cached) bytes of decoded images held off screen")
            }
        }
    }

    /// Trace lines containing `text` (the line with its time): at least one, or exactly `count`.
    /// The runner's own `scenario …` lines are not counted.
    private func assertTrace(contains text: String, count: Int?) throws {
        try host.settle()
        try Self.checkTrace(world.trace, contains: text, count: count)
    }

    /// `assertTrace`'s count, for both kinds of session.
    static func checkTrace(_ trace: Trace, contains text: String, count: Int?) throws {
        let found = trace.events.count { !isRunnersOwn($0.event) && $0.line.contains(text) }
        if let count, found != count {
            throw StepFailure.mismatch("trace lines containing “\(text)”", expected: "\(count)", actual: "\(found)")
        }
        if count == nil, found == 0 {
            throw StepFailure.mismatch("trace lines containing “\(text)”", expected: "at least 1", actual: "0")
        }
    }

    /// `assertLibrary: {count}`: the device's library holds `count` assets.
    static func checkLibrary(_ library: MediaLibrary, count: Int) throws {
        let assets = try library.assets()
        guard assets.count == count else {
            throw StepFailure.mismatch("assets in the library", expected: "\(count)",
                                       actual: "\(assets.count) (\(assets.map(\.fileName).joined(separator: ", ")))")
        }
    }
}
