import Foundation

/// Which on-screen element a command means, as Maestro's `ElementSelector` (maestro-orchestra
/// ElementSelector.kt, YamlElementSelector.kt) says it: by its text (a regular expression
/// matched in full, ignoring case, against the element's label, value or placeholder), its
/// accessibility id (the same, whole or after its last `/`), its place beside other elements
/// (`below`, `above`, `leftOf`, `rightOf`, `childOf`, `containsChild`, `containsDescendants`),
/// its state (`enabled`, `checked`, `selected`, `focused`) and size, and which of several
/// matches (`index` from 0 in screen order; negative counts from the last).
///
/// Written as text (`tapOn: Done`) or a map (`tapOn: {id: description}`,
/// `tapOn: {text: Delete, index: -1}`, `tapOn: {below: Title, enabled: true}`), as Maestro writes it.
public struct ElementSelector: Hashable, Sendable, CustomStringConvertible {
    /// The label to match in full, if any.
    public let text: String?
    /// The accessibility identifier to match, if any.
    public let id: String?
    /// Which match, when several do; nil means the first.
    public let index: Int?
    /// Where it is against other elements, in Maestro's order of filters.
    public let relations: [ElementRelation]
    /// The states it must be in.
    public let states: ElementStates
    /// Its size in points, if it matters.
    public let size: ElementSize?
    /// Maestro's `traits`, each of which it must have.
    public let traits: [ElementTrait]

    /// A selector; it needs at least one key to match on (text, id, a relation, a state, a size
    /// or a trait).
    public init(text: String? = nil, id: String? = nil, index: Int? = nil, relations: [ElementRelation] = [],
                states: ElementStates = ElementStates(), size: ElementSize? = nil, traits: [ElementTrait] = []) {
        precondition(text != nil || id != nil || !relations.isEmpty || !states.isEmpty || size != nil || !traits.isEmpty,
                     "an element selector needs a text, an id, a relation, a state, a size or a trait")
        self.text = text
        self.id = id
        self.index = index
        self.relations = relations
        self.states = states
        self.size = size
        self.traits = traits
    }

    /// Whether the selector needs where elements are on screen (a relation, a size or the
    /// square trait).
    public var needsFrames: Bool { !relations.isEmpty || size != nil || traits.contains(.square) }

    public var description: String {
        var parts: [String] = []
        if let text { parts.append("“\(text)”") }
        if let id { parts.append("id “\(id)”") }
        if let size { parts.append(size.description) }
        parts += relations.map(\.description)
        parts += traits.map(\.description)
        parts += states.descriptions
        if let index { parts.append("index \(index)") }
        return parts.joined(separator: ", ")
    }
}

/// Maestro's `traits` (ElementTrait.kt; YamlFluentCommand.kt reads them as names apart by spaces,
/// `long-text` for LONG_TEXT; TraitFilters.kt and Filters.kt say what each means).
public enum ElementTrait: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Filters.kt `hasText`: the element has a `text` attribute, which Maestro's iOS driver
    /// gives every element (IOSDriver.kt `mapViewHierarchy`), so every element has it on iOS.
    case text
    /// Filters.kt `isSquare`: its width over its height is within 3 % of 1.
    case square
    /// Filters.kt `hasLongText`: its `text` (on iOS its title, else its value; a UIKit
    /// element's value here) is longer than 200 characters.
    case longText = "long-text"

    /// ElementTrait.kt's description.
    public var description: String {
        switch self {
        case .text: "has text"
        case .square: "is square"
        case .longText: "has long text"
        }
    }

    /// Whether an element with this text attribute and frame has the trait.
    func holds(text: String?, width: Double?, height: Double?) -> Bool {
        switch self {
        case .text: true
        case .square: width.flatMap { width in height.map { abs(1 - width / $0) < 0.03 } } ?? false
        case .longText: (text?.count ?? 0) > 200
        }
    }
}

/// Maestro's relational selector keys (Orchestra.kt `buildFilter`, Filters.kt).
public enum ElementRelation: Hashable, Sendable, CustomStringConvertible {
    /// Its top is below the other element's top; the nearest first.
    case below(ElementSelector)
    case above(ElementSelector)
    case leftOf(ElementSelector)
    case rightOf(ElementSelector)
    /// Inside the element the selector finds (its subtree).
    case childOf(ElementSelector)
    /// One of its direct children is the element the selector finds.
    case containsChild(ElementSelector)
    /// Below it, each selector finds an element.
    case containsDescendants([ElementSelector])

    /// The key Maestro spells it with.
    public var key: String {
        switch self {
        case .below: "below"
        case .above: "above"
        case .leftOf: "leftOf"
        case .rightOf: "rightOf"
        case .childOf: "childOf"
        case .containsChild: "containsChild"
        case .containsDescendants: "containsDescendants"
        }
    }

    public var description: String {
        switch self {
        case .below(let other), .above(let other), .leftOf(let other), .rightOf(let other), .childOf(let other),
             .containsChild(let other):
            "\(key) (\(other))"
        case .containsDescendants(let others):
            "\(key) (\(others.map(\.description).joined(separator: "; ")))"
        }
    }
}

/// Maestro's state keys: each given one must be as written (Filters.kt `enabled`, `checked`,
/// `selected`, `focused`; IOSDriver.kt: `checked` is a switch whose value is `1`).
public struct ElementStates: Hashable, Sendable {
    public var enabled: Bool?
    public var checked: Bool?
    public var selected: Bool?
    public var focused: Bool?

    public init(enabled: Bool? = nil, checked: Bool? = nil, selected: Bool? = nil, focused: Bool? = nil) {
        self.enabled = enabled
        self.checked = checked
        self.selected = selected
        self.focused = focused
    }

    public var isEmpty: Bool { enabled == nil && checked == nil && selected == nil && focused == nil }

    /// Whether an element in these states is one the selector means.
    public func admit(enabled isEnabled: Bool, checked isChecked: Bool, selected isSelected: Bool, focused isFocused: Bool) -> Bool {
        (enabled ?? isEnabled) == isEnabled && (checked ?? isChecked) == isChecked
            && (selected ?? isSelected) == isSelected && (focused ?? isFocused) == isFocused
    }

    /// Orchestra.kt's words: `Enabled`/`Disabled`, `Checked`/`Not checked`, ….
    var descriptions: [String] {
        [enabled.map { $0 ? "enabled" : "disabled" }, selected.map { $0 ? "selected" : "not selected" },
         checked.map { $0 ? "checked" : "not checked" }, focused.map { $0 ? "focused" : "not focused" }].compactMap { $0 }
    }
}

/// Maestro's `width`, `height` and `tolerance` (Filters.kt `sizeMatches`), in points.
public struct ElementSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int?
    public var height: Int?
    /// How far either may be off; 0 when not given.
    public var tolerance: Int?

    public init(width: Int? = nil, height: Int? = nil, tolerance: Int? = nil) {
        self.width = width
        self.height = height
        self.tolerance = tolerance
    }

    /// Whether a frame of `width` × `height` points is this size.
    public func admits(width actualWidth: Double, height actualHeight: Double) -> Bool {
        let allowed = Double(tolerance ?? 0)
        if let width, abs(actualWidth.rounded(.down) - Double(width)) > allowed { return false }
        if let height, abs(actualHeight.rounded(.down) - Double(height)) > allowed { return false }
        return true
    }

    public var description: String {
        var parts: [String] = []
        if let width { parts.append("width \(width)") }
        if let height { parts.append("height \(height)") }
        if let tolerance { parts.append("tolerance \(tolerance)") }
        return parts.joined(separator: " ")
    }
}

// MARK: - Maestro's matching

extension ElementSelector {
    /// Maestro's text matching (maestro-client Filters.kt `textMatches`, Orchestra.kt
    /// `REGEX_OPTIONS`): the selector's text is a regular expression matched against the whole
    /// of a text, ignoring case, `.` matching newlines; or it equals the text; both also against
    /// the text with its newlines as spaces. A text that is no regular expression is taken
    /// literally (StringUtils `toRegexSafe`).
    public static func maestroMatches(_ pattern: String, _ value: String?) -> Bool {
        guard let value else { return false }
        if value == pattern { return true }
        let flattened = value.replacingOccurrences(of: "\n", with: " ")
        if flattened == pattern { return true }
        let expression = MaestroPattern.compiled(pattern)
        return expression.matchesWhole(value) || (flattened != value && expression.matchesWhole(flattened))
    }

    /// Maestro's id matching (Filters.kt `idMatches`): the whole identifier, or the part after
    /// its last `/`.
    public static func maestroIdMatches(_ pattern: String, _ value: String?) -> Bool {
        guard let value else { return false }
        let expression = MaestroPattern.compiled(pattern)
        if value == pattern || expression.matchesWhole(value) { return true }
        guard let slash = value.lastIndex(of: "/") else { return false }
        return expression.matchesWhole(String(value[value.index(after: slash)...]))
    }
}

/// A selector's pattern, compiled once: a literal one (no regular-expression character) compares
/// ignoring case without a regular expression.
final class MaestroPattern: @unchecked Sendable {
    private let literal: String?
    private let expression: NSRegularExpression?

    private init(_ pattern: String) {
        if pattern.allSatisfy({ !"\\^$.|?*+()[]{}".contains($0) }) {
            literal = pattern
            expression = nil
        } else {
            literal = nil
            let options: NSRegularExpression.Options = [.caseInsensitive, .dotMatchesLineSeparators, .anchorsMatchLines]
            expression = (try? NSRegularExpression(pattern: "(?:\(pattern))\\z", options: options))
                ?? (try? NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: pattern) + "\\z", options: options))
        }
    }

    func matchesWhole(_ text: String) -> Bool {
        if let literal { return text.compare(literal, options: .caseInsensitive) == .orderedSame }
        guard let expression else { return false }
        return expression.firstMatch(in: text, options: [.anchored], range: NSRange(text.startIndex..., in: text)) != nil
    }

    nonisolated(unsafe) private static var cache: [String: MaestroPattern] = [:]
    private static let lock = NSLock()

    static func compiled(_ pattern: String) -> MaestroPattern {
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[pattern] { return known }
        let made = MaestroPattern(pattern)
        if cache.count > 4_096 { cache.removeAll() }
        cache[pattern] = made
        return made
    }
}
