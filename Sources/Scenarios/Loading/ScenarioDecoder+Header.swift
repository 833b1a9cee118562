/// The header document.
extension ScenarioDecoder {
    /// The header's `env`, each value worked out with the variables known before the `env`:
    /// Maestro's DefineVariablesCommand (Commands.kt `evaluateScripts`) works out all of one
    /// `env`'s values before it sets any, so `B: ${A}` does not see the `A` beside it.
    func headerEnvironment(_ header: YAMLNode) -> [String: String] {
        guard let entries = header.entries,
              let env = entries.first(where: { $0.key.scalarText == "env" })?.value,
              let pairs = variableEntries(env, in: "env", explaining: " (letters, digits and _, not starting with a digit)") else { return [:] }
        var result: [String: String] = [:]
        for pair in pairs {
            if let value = variableValue(pair.value, in: "env.\(pair.key)") { result[pair.key] = value }
        }
        return result
    }

    /// The entries of a map of variables (`env`), those whose keys are variable names; any
    /// other key is reported (`explaining` follows the sentence). Nil when `node` is no map.
    func variableEntries(_ node: YAMLNode, in context: String, explaining: String = "") -> [(key: String, value: YAMLNode)]? {
        guard let pairs = freeMap(node, in: context) else { return nil }
        return pairs.compactMap { pair in
            guard MaestroTemplate.isVariableName(pair.key) else {
                session.sink.report(pair.keyNode.location, "`\(context)`: `\(pair.key)` is not a variable name\(explaining)")
                return nil
            }
            return (pair.key, pair.value)
        }
    }

    /// The header; `env` has already been read into `environment`. Returns nil after reporting.
    func header(_ node: YAMLNode, defaultName: String, environment headerEnvironment: [String: String],
                requireAppId: Bool) -> ScenarioHeader? {
        let shape = "the header: a map with appId (then `---` and the commands)"
        // A web flow's `url` stands for its `appId` (refused below, with its own sentence).
        let isWebFlow = node.entries?.contains { $0.key.scalarText == "url" } ?? false
        guard let map = keyed(node, in: "header", keys: ScenarioHeader.keys, required: requireAppId && !isWebFlow ? ["appId"] : [],
                              shape: shape, keepingUnknown: true) else { return nil }
        let problemsBefore = session.sink.diagnostics.count
        if let url = map["url"] {
            // YamlConfig.kt: `url` is `appId`'s alias, the page a web flow opens in a browser.
            session.sink.report(url.location, "`url` is Maestro's, for a web flow: its web driver opens the page in a browser. "
                + "A scenario here drives an iOS app: give its bundle id as `appId`")
        }
        var header = ScenarioHeader(appId: map["appId"].flatMap { text($0, in: "appId") } ?? "", name: defaultName,
                                    environment: headerEnvironment)
        if let node = map["name"] { header.name = text(node, in: "name") ?? defaultName }
        if let node = map["tags"], !node.isNull { header.tags = textList(node, in: "tags") ?? [] }
        if let node = map["device"] { header.device = text(node, in: "device") ?? header.device }
        if let node = map["camera"] { header.hasCamera = cameraPresence(node) }
        if let node = map["runtime"] { header.runtime = text(node, in: "runtime") }
        if let node = map["seed"] { header.seed = integer(node, in: "seed", range: 0...Int.max).map(UInt64.init) }
        if let node = map["media"], !node.isNull { header.media = pathList(node, in: "media") }
        if let node = map["permissions"] { header.permissions = permissions(node, in: "permissions") ?? [] }
        if let node = map["limitedLibrary"] { header.limitedLibrary = assetList(node, in: "limitedLibrary") ?? [] }
        if let node = map["container"] { header.container = containerFixture(node) }
        if let node = map["infoPlist"] { header.infoPlist = infoPlist(node) ?? InfoPlistEdits() }
        if let node = map["memoryLimit"] { header.memoryLimit = byteSize(node, in: "memoryLimit") }
        if let node = map["checkers"] { header.checkers = checkerNames(node, key: "checkers", appId: header.appId) }
        if let node = map["skipCheckers"] { header.skipCheckers = checkerNames(node, key: "skipCheckers", appId: header.appId) ?? [] }
        if let node = map["socialServices"] { header.socialServices = socialServices(node) }
        if let node = map["jsEngine"], let engine = text(node, in: "jsEngine"), !["graaljs", "rhino"].contains(engine) {
            // Maestro's choice of JavaScript engine (Orchestra.kt initJsEngine); both are
            // JavaScriptCore here (docs/scenarios.md, "Maestro's JavaScript").
            session.sink.report(node.location, "`jsEngine`: expected `graaljs` or `rhino`, found `\(engine)`")
        }
        for key in ["onFlowStart", "onFlowComplete"] {
            guard let node = map[key] else { continue }
            let steps = commands(node, in: key)
            if key == "onFlowStart" { header.onFlowStart = steps } else { header.onFlowComplete = steps }
        }
        header.otherKeys = map.orderedKeys.filter { !ScenarioHeader.keys.contains($0) && $0 != "url" }
        checkLimitedLibrary(header, map: map)
        let problemsAfter = session.sink.diagnostics.count
        return problemsAfter == problemsBefore ? header : nil
    }

    /// `camera: none | hardware` (PhotoSim's): whether the device has its type's cameras.
    private func cameraPresence(_ node: YAMLNode) -> Bool? {
        guard let word = text(node, in: "camera") else { return nil }
        switch word {
        case "none": return false
        case "hardware": return true
        default:
            session.sink.report(node.location, "`camera`: expected `none` (a device without cameras, as Apple's Simulator) "
                + "or `hardware` (the device type's cameras, the default), found `\(word)`")
            return nil
        }
    }

    /// `socialServices: [twitter, facebook]`: names of ``ScenarioHeader/socialServiceIdentifiers``.
    private func socialServices(_ node: YAMLNode) -> [String]? {
        guard let names = textList(node, in: "socialServices", allowSingle: true) else { return nil }
        let known = ScenarioHeader.socialServiceIdentifiers
        var identifiers: [String] = []
        for name in names {
            guard let identifier = known.first(where: { $0.key == name })?.value else {
                session.sink.report(node.location, "`socialServices`: `\(name)` is not a service; give any of "
                    + known.map(\.key).joined(separator: ", "))
                continue
            }
            identifiers.append(identifier)
        }
        return identifiers
    }

    /// `limitedLibrary` only means something with `photos: limited`.
    private func checkLimitedLibrary(_ header: ScenarioHeader, map: KeyedNode) {
        guard let node = map["limitedLibrary"], !header.limitedLibrary.isEmpty,
              !header.permissions.contains(where: { $0.service == .photos && $0.setting == .limited }) else { return }
        session.sink.report(node.location, "`limitedLibrary`: only used with `permissions: {photos: limited}`; add that or remove limitedLibrary")
    }

    /// Files of the suite: a list, or one path.
    func pathList(_ node: YAMLNode, in context: String) -> [SuiteFilePath] {
        if case .scalar = node.content { return suitePath(node, in: context).map { [$0] } ?? [] }
        guard let items = node.items else { return expected("a list of file paths", in: context, at: node) ?? [] }
        return items.compactMap { suitePath($0, in: context) }
    }

    /// `{remove: [KEY], set: {KEY: value}}`.
    private func infoPlist(_ node: YAMLNode) -> InfoPlistEdits? {
        guard let map = keyed(node, in: "infoPlist", keys: ["remove", "set"]) else { return nil }
        let removed = map["remove"].flatMap { $0.isNull ? [] : textList($0, in: "infoPlist.remove", allowSingle: true) } ?? []
        var entries: [InfoPlistEntry] = []
        if let set = map["set"], let pairs = freeMap(set, in: "infoPlist.set") {
            entries = pairs.compactMap { pair in
                value(pair.value, in: "infoPlist.set.\(pair.key)").map { InfoPlistEntry(key: pair.key, value: $0) }
            }
        }
        return InfoPlistEdits(removedKeys: removed, setEntries: entries)
    }
}
