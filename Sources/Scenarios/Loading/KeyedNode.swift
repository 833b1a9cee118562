/// A YAML map whose keys were checked against the names one command or header key allows.
struct KeyedNode {
    /// The map itself, for problems that concern it as a whole (a missing key).
    let node: YAMLNode
    /// Each known key's value.
    let values: [String: YAMLNode]
    /// The keys in the file's order.
    let orderedKeys: [String]

    subscript(key: String) -> YAMLNode? { values[key] }

    /// Whether the map has `key` with a value other than nothing.
    func has(_ key: String) -> Bool { values[key].map { !$0.isNull } ?? false }
}

extension ScenarioDecoder {
    /// The map at `node` with only `keys` allowed and `required` present; nil after reporting
    /// when `node` is not a map. An unknown or repeated key is reported and skipped.
    /// With `keepingUnknown`, a key that is none of `keys` and close to none of them is kept
    /// (Maestro's header keeps every key it does not know); one close to a known key is still a
    /// mistake, reported with the suggestion.
    func keyed(_ node: YAMLNode, in context: String, keys: [String], required: [String] = [],
               shape: String? = nil, keepingUnknown: Bool = false) -> KeyedNode? {
        guard let entries = node.entries else {
            return expected(shape ?? "a map with \(Self.list(keys))", in: context, at: node)
        }
        var values: [String: YAMLNode] = [:]
        var order: [String] = []
        for entry in entries {
            guard let key = entry.key.scalarText, entry.key.items == nil else {
                session.sink.report(entry.key.location, "`\(context)`: expected a key name, found \(entry.key.foundDescription)")
                continue
            }
            if values[key] != nil {
                session.sink.report(entry.key.location, "`\(context)`: `\(key)` appears twice; keep one")
            } else if !keys.contains(key), !keepingUnknown || NameSuggestion.nearest(to: key, in: keys) != nil {
                session.sink.report(entry.key.location, "`\(context)`: unknown key `\(key)`\(NameSuggestion.hint(for: key, in: keys)) (known: \(keys.joined(separator: ", ")))")
            } else {
                values[key] = entry.value
                order.append(key)
            }
        }
        for key in required where values[key] == nil {
            session.sink.report(node.location, "`\(context)`: missing `\(key)`")
        }
        return KeyedNode(node: node, values: values, orderedKeys: order)
    }

    /// `` `a`, `b` or `c` ``.
    static func list(_ keys: [String]) -> String {
        let quoted = keys.map { "`\($0)`" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    /// The entries of a map whose keys are free (env, launch arguments, `infoPlist.set`), in the
    /// file's order; repeated keys are reported.
    func freeMap(_ node: YAMLNode, in context: String) -> [(key: String, value: YAMLNode, keyNode: YAMLNode)]? {
        if node.isNull { return [] }
        guard let entries = node.entries else { return expected("a map of names to values", in: context, at: node) }
        var seen = Set<String>()
        var result: [(key: String, value: YAMLNode, keyNode: YAMLNode)] = []
        for entry in entries {
            guard let key = entry.key.scalarText, !entry.key.isNull else {
                session.sink.report(entry.key.location, "`\(context)`: expected a name, found \(entry.key.foundDescription)")
                continue
            }
            guard seen.insert(key).inserted else {
                session.sink.report(entry.key.location, "`\(context)`: `\(key)` appears twice; keep one")
                continue
            }
            result.append((key, entry.value, entry.key))
        }
        return result
    }
}
