/// One node of a YAML document as libyaml read it, with where it starts in the file.
///
/// Scalars stay text: the scenario decoder decides what a scalar means for the key it is under
/// (after `${NAME}` substitution), so `7` can be a seed and `"7"` a text to type.
public struct YAMLNode: Sendable {
    /// What the node holds.
    public enum Content: Sendable {
        /// A scalar's text and whether it was quoted (`'…'`, `"…"`, `|`, `>`) rather than plain.
        case scalar(String, quoted: Bool)
        /// A block or flow sequence.
        case sequence([YAMLNode])
        /// A block or flow mapping, in the file's order.
        case mapping([YAMLMappingEntry])
    }

    public let content: Content
    public let location: SourceLocation

    public init(content: Content, location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// Whether this is YAML's null: an empty plain scalar, `~` or `null`.
    public var isNull: Bool {
        guard case .scalar(let text, quoted: false) = content else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// The scalar text, or nil for a sequence or mapping.
    public var scalarText: String? {
        guard case .scalar(let text, _) = content else { return nil }
        return text
    }

    /// The mapping's entries, or nil for a scalar or sequence.
    public var entries: [YAMLMappingEntry]? {
        guard case .mapping(let entries) = content else { return nil }
        return entries
    }

    /// The sequence's items, or nil for a scalar or mapping.
    public var items: [YAMLNode]? {
        guard case .sequence(let items) = content else { return nil }
        return items
    }

    /// How an error message names what was found here: `"text"`, `a list`, `a map`, `nothing`.
    public var foundDescription: String {
        switch content {
        case .scalar(let text, _):
            if isNull { return "nothing" }
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "`\(shown)`"
        case .sequence: return "a list"
        case .mapping: return "a map"
        }
    }
}

/// One `key: value` pair of a YAML mapping.
public struct YAMLMappingEntry: Sendable {
    public let key: YAMLNode
    public let value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
