import Simulator

/// The header's `skipCheckers`: names of the standard checkers (docs/explore.md).
extension ScenarioDecoder {
    /// A list of checker names (or one); an unknown name is reported with the known ones.
    func checkerNames(_ node: YAMLNode) -> [String] {
        guard !node.isNull, let names = textList(node, in: "skipCheckers", allowSingle: true) else { return [] }
        let known = Checker.standard.map(\.name)
        for name in names where !known.contains(name) {
            session.sink.report(node.location, "`skipCheckers`: no checker is called `\(name)`; known: "
                + known.joined(separator: ", "))
        }
        return names.filter(known.contains)
    }
}
