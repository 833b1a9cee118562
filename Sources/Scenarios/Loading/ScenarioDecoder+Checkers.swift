/// The header's `checkers` and `skipCheckers`: names of the checkers the scenario's app has
/// (its own and the platform's, docs/explore.md).
extension ScenarioDecoder {
    /// A list of checker names (or one) under `key`; a name `appId`'s checkers do not have is
    /// reported with the known ones. `nil` for an absent value, `[]` for an empty list.
    func checkerNames(_ node: YAMLNode, key: String, appId: String) -> [String]? {
        if node.isNull { return key == "checkers" ? [] : nil }
        guard let names = textList(node, in: key, allowSingle: true) else { return nil }
        let known = session.checkers.names(for: appId)
        for name in names where !known.contains(name) {
            session.sink.report(node.location, "`\(key)`: no checker of \(appId.isEmpty ? "these apps" : appId) is called `\(name)`"
                + NameSuggestion.hint(for: name, in: known) + " (known: " + known.joined(separator: ", ") + ")")
        }
        return names.filter(known.contains)
    }
}
