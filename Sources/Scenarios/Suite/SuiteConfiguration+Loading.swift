/// Reading `config.yaml`.
extension SuiteConfiguration {
    /// The configuration in `path`, or every problem found.
    static func load(path: String, session: LoadSession) throws(ScenarioLoadError) -> SuiteConfiguration {
        guard let documents = ScenarioReading.documents(at: path, session: session) else { throw session.sink.error }
        guard let node = documents.first, !node.isNull else { return SuiteConfiguration() }
        let decoder = ScenarioDecoder(session: session, file: path, folder: "", environment: [:], callers: [])
        guard let entries = node.entries else {
            throw ScenarioLoadError(node.location, "`config`: expected a map with flows, includeTags, excludeTags, found \(node.foundDescription)")
        }
        var configuration = SuiteConfiguration()
        for entry in entries {
            guard let key = entry.key.scalarText else { continue }
            switch key {
            case "flows": configuration.flows = (decoder.textList(entry.value, in: "flows", allowSingle: true) ?? []).map(FlowPattern.init)
            case "includeTags": configuration.tags.includeTags = decoder.textList(entry.value, in: "includeTags", allowSingle: true) ?? []
            case "excludeTags": configuration.tags.excludeTags = decoder.textList(entry.value, in: "excludeTags", allowSingle: true) ?? []
            case "executionOrder":
                // WorkspaceConfig.ExecutionOrder: continueOnFailure (true) and flowsOrder.
                guard let order = decoder.keyed(entry.value, in: "executionOrder", keys: ["continueOnFailure", "flowsOrder"]) else { continue }
                if let node = order["flowsOrder"] { configuration.flowsOrder = decoder.textList(node, in: "executionOrder.flowsOrder") ?? [] }
                if let node = order["continueOnFailure"] {
                    configuration.continueOnFailure = decoder.boolean(node, in: "executionOrder.continueOnFailure") ?? true
                }
            default:
                if let near = NameSuggestion.nearest(to: key, in: keys), NameSuggestion.distance(key.lowercased(), near.lowercased()) <= 2 {
                    session.sink.report(entry.key.location, "`config`: unknown key `\(key)`; did you mean `\(near)`?")
                }
            }
        }
        guard session.sink.isEmpty else { throw session.sink.error }
        return configuration
    }
}
