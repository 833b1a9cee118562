import Foundation

/// Maestro's `Condition` (maestro-orchestra `YamlCondition`; Orchestra.kt `evaluateCondition`):
/// what `runFlow: {when}` and `repeat: {while}` test. Every part given must hold: the platform
/// is the device's (`iOS` here, in any case), the `visible` element is on screen, the
/// `notVisible` one is not, and the `true` script, once its `${…}` are worked out, is not blank,
/// `false`, `undefined`, `null` or zero.
public struct FlowCondition: Hashable, Sendable, CustomStringConvertible {
    public var visible: ElementSelector?
    public var notVisible: ElementSelector?
    /// Maestro's `Platform` as written (`iOS`, `Android`, `Web`).
    public var platform: String?
    /// Maestro's `true`: text holding `${…}` scripts, worked out when the condition is tested.
    public var script: String?

    public init(visible: ElementSelector? = nil, notVisible: ElementSelector? = nil, platform: String? = nil,
                script: String? = nil) {
        self.visible = visible
        self.notVisible = notVisible
        self.platform = platform
        self.script = script
    }

    /// Orchestra.kt `evaluateCondition`'s test of a worked-out `true`: blank, `false` (in any
    /// case), `undefined`, `null` and numbers equal to zero do not hold.
    public static func scriptHolds(_ value: String) -> Bool {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.lowercased() == "false" || trimmed == "undefined" || trimmed == "null" { return false }
        if let number = Double(trimmed), number == 0 { return false }
        return true
    }

    /// Maestro's platforms, by the names its `Platform` enum takes.
    public static let platforms = ["iOS", "Android", "Web"]

    /// Whether the condition's platform, if it names one, is a PhotoSim device's: `iOS`, in any case.
    var platformHolds: Bool { platform.map { $0.lowercased() == "ios" } ?? true }

    /// Whether the condition holds on a PhotoSim device (iOS): the platform first, then what
    /// the session's `screen` (read once, only when the platform holds and an element is
    /// tested) `shows`.
    func holds<Screen>(on screen: () throws -> Screen, shows: (Screen, ElementSelector) -> Bool) rethrows -> Bool {
        guard platformHolds else { return false }
        guard visible != nil || notVisible != nil else { return true }
        let now = try screen()
        if let visible, !shows(now, visible) { return false }
        if let notVisible, shows(now, notVisible) { return false }
        return true
    }

    /// `visible “Skip”, platform iOS`; `always` for the condition with no part.
    public var description: String {
        guard visible != nil || notVisible != nil || platform != nil || script != nil else { return "always" }
        var parts: [String] = []
        if let visible { parts.append("visible \(visible)") }
        if let notVisible { parts.append("notVisible \(notVisible)") }
        if let platform { parts.append("platform \(platform)") }
        if let script { parts.append("\(script) is true") }
        return parts.joined(separator: ", ")
    }
}

extension ScenarioCommand {
    /// The steps a command runs inside itself (`repeat`, a conditional `runFlow`), for the
    /// checks that look through them; nil for any other command.
    public var nestedSteps: [ScenarioStep]? {
        switch self {
        case .repeat(_, let steps), .conditional(_, let steps), .repeatWhile(_, _, let steps), .retry(_, let steps): return steps
        case .hookedFlow(let onStart, let steps, let onComplete): return onStart + steps + onComplete
        default: return nil
        }
    }
}

extension ScenarioCommand {
    /// The element selectors the command itself looks up (not those of the steps inside it).
    public var selectors: [ElementSelector] {
        switch self {
        case .tapOn(let selector), .copyTextFrom(let selector), .assertVisible(let selector), .assertNotVisible(let selector),
             .swipe(let selector, _), .tapWith(let selector, _):
            return [selector]
        case .scrollUntilVisible(let search):
            return [search.element]
        case .conditional(let condition, _), .repeatWhile(let condition, _, _), .extendedWaitUntil(let condition, _):
            return [condition.visible, condition.notVisible].compactMap { $0 }
        default:
            return []
        }
    }
}
