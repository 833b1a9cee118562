import Foundation

/// Which on-screen element a command means: by its text (Maestro's: a regular expression
/// matched in full, ignoring case, against the element's label, value or placeholder), its
/// accessibility id (the same, whole or after its last `/`), or both, and which of several
/// matches (`index` from 0; negative counts from the last).
///
/// Written as text (`tapOn: Done`) or a map (`tapOn: {id: description}`,
/// `tapOn: {text: Delete, index: -1}`), as Maestro writes it.
public struct ElementSelector: Hashable, Sendable, CustomStringConvertible {
    /// The label to match in full, if any.
    public let text: String?
    /// The accessibility identifier to match, if any.
    public let id: String?
    /// Which match, when several do; nil means the first.
    public let index: Int?

    /// A selector; at least one of `text` and `id` must be given.
    public init(text: String? = nil, id: String? = nil, index: Int? = nil) {
        precondition(text != nil || id != nil, "an element selector needs a text or an id")
        self.text = text
        self.id = id
        self.index = index
    }

    public var description: String {
        var parts: [String] = []
        if let text { parts.append("“\(text)”") }
        if let id { parts.append("id “\(id)”") }
        if let index { parts.append("index \(index)") }
        return parts.joined(separator: ", ")
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
