import Simulator

/// Element and asset selectors, paths and permissions.
extension ScenarioDecoder {
    /// Maestro's selector keys (YamlElementSelector.kt), in the order Orchestra.kt's
    /// `buildFilter` applies the relations.
    static let selectorKeys = ["text", "id", "index", "below", "above", "leftOf", "rightOf", "childOf", "containsChild",
                               "containsDescendants", "traits", "enabled", "checked", "selected", "focused", "width", "height",
                               "tolerance"]

    /// Text, or a map of Maestro's selector keys (YamlElementSelector.kt): `text`, `id`,
    /// `index`, the relations (each itself a selector; `containsDescendants` a list of them),
    /// the states and the size. At least one key that matches something must be given. A
    /// selector inside another command's argument (`scrollUntilVisible.element`, `below`, a
    /// condition's `visible`) may carry `optional` and `label`, which Maestro reads there and
    /// ignores (YamlFluentCommand.kt `toElementSelector` takes neither): they are checked and
    /// change nothing.
    func elementSelector(_ node: YAMLNode, in context: String, allowIndex: Bool = true) -> ElementSelector? {
        let keys = Self.selectorKeys.filter { allowIndex || $0 != "index" }
        let shape = "text or a map of Maestro's selector keys (\(keys.prefix(4).joined(separator: ", ")), …)"
        if case .scalar = node.content, !node.isNull {
            return scriptText(node, in: context).map { ElementSelector(text: $0) }
        }
        var node = node
        if case .mapping(let entries) = node.content {
            var ignoredValid = true
            for entry in entries {
                switch entry.key.scalarText {
                case "optional": if boolean(entry.value, in: "\(context).optional") == nil { ignoredValid = false }
                case "label": if text(entry.value, in: "\(context).label") == nil { ignoredValid = false }
                default: break
                }
            }
            guard ignoredValid else { return nil }
            node = YAMLNode(content: .mapping(entries.filter { !["optional", "label"].contains($0.key.scalarText) }), location: node.location)
        }
        guard node.entries != nil, let map = keyed(node, in: context, keys: keys, shape: shape) else {
            return expected(shape, in: context, at: node)
        }
        var valid = true
        func value<T>(_ key: String, _ read: (YAMLNode, String) -> T?) -> T? {
            guard let node = map[key] else { return nil }
            let read = read(node, "\(context).\(key)")
            if read == nil { valid = false }
            return read
        }
        let text = value("text") { self.scriptText($0, in: $1) }
        let id = value("id") { self.scriptText($0, in: $1) }
        // Maestro reads `index` as text and takes its whole part (`"1"`, `1.0`).
        let index = value("index") { node, context in
            node.scalarText.flatMap(Double.init).map { Int($0) }.flatMap { (-10_000...10_000).contains($0) ? $0 : nil }
                ?? self.integer(node, in: context, range: -10_000...10_000)
        }
        var relations: [ElementRelation] = []
        for key in ["below", "above", "leftOf", "rightOf", "childOf", "containsChild"] {
            guard let other = value(key, { self.elementSelector($0, in: $1) }) else { continue }
            switch key {
            case "below": relations.append(.below(other))
            case "above": relations.append(.above(other))
            case "leftOf": relations.append(.leftOf(other))
            case "rightOf": relations.append(.rightOf(other))
            case "childOf": relations.append(.childOf(other))
            default: relations.append(.containsChild(other))
            }
        }
        if let descendants = value("containsDescendants", { node, context -> [ElementSelector]? in
            guard let items = node.items, !items.isEmpty else {
                return self.expected("a list of selectors", in: context, at: node)
            }
            let selectors = items.enumerated().compactMap { self.elementSelector($1, in: "\(context)[\($0)]") }
            return selectors.count == items.count ? selectors : nil
        }) {
            relations.append(.containsDescendants(descendants))
        }
        // YamlFluentCommand.kt: the trait names apart by spaces, `-` for `_`, any case.
        let traits = value("traits") { node, context -> [ElementTrait]? in
            guard let written = self.text(node, in: context) else { return nil }
            var traits: [ElementTrait] = []
            for name in written.split(separator: " ") {
                guard let trait = ElementTrait(rawValue: name.lowercased().replacingOccurrences(of: "_", with: "-")) else {
                    return self.fail(node, "`\(context)`: `\(name)` is none of Maestro's traits (text, square, long-text)")
                }
                traits.append(trait)
            }
            return traits.isEmpty ? self.fail(node, "`\(context)`: name a trait: text, square or long-text") : traits
        } ?? []
        let states = ElementStates(enabled: value("enabled") { self.boolean($0, in: $1) },
                                   checked: value("checked") { self.boolean($0, in: $1) },
                                   selected: value("selected") { self.boolean($0, in: $1) },
                                   focused: value("focused") { self.boolean($0, in: $1) })
        let width = value("width") { self.integer($0, in: $1, range: 0...100_000) }
        let height = value("height") { self.integer($0, in: $1, range: 0...100_000) }
        let tolerance = value("tolerance") { self.integer($0, in: $1, range: 0...100_000) }
        let matchingKeys = Self.selectorKeys.filter { $0 != "index" && $0 != "tolerance" }
        guard matchingKeys.contains(where: map.has) else {
            return fail(map.node, "`\(context)`: needs `text`, `id` or another key to match on (`below`, `enabled`, `width`, …)")
        }
        guard valid else { return nil }
        if tolerance != nil, width == nil, height == nil {
            return fail(map.node, "`\(context)`: `tolerance` is how far `width` or `height` may be off; give one of them")
        }
        let size = width != nil || height != nil ? ElementSize(width: width, height: height, tolerance: tolerance) : nil
        return ElementSelector(text: text, id: id, index: index, relations: relations, states: states, size: size, traits: traits)
    }

    /// A whole number (an index) or text (a localIdentifier); with `allowMap`, also `{index}` or `{id}`.
    func assetSelector(_ node: YAMLNode, in context: String, allowMap: Bool = true) -> AssetSelector? {
        if allowMap, node.entries != nil {
            guard let map = keyed(node, in: context, keys: ["index", "id"]) else { return nil }
            return assetSelector(in: map, context: context)
        }
        guard let scalar = scalar(node, in: context, what: "an asset index or localIdentifier") else { return nil }
        if scalar.typed, let index = Int(scalar.text.trimmingSpaces) { return .index(index) }
        return .localIdentifier(scalar.text)
    }

    /// `index` or `id` of an already checked map (exactly one of them).
    func assetSelector(in map: KeyedNode, context: String) -> AssetSelector? {
        switch (map["index"], map["id"]) {
        case (let index?, nil):
            return integer(index, in: context + ".index", range: -1_000_000...1_000_000).map(AssetSelector.index)
        case (nil, let id?):
            return text(id, in: context + ".id").map(AssetSelector.localIdentifier)
        case (.some, .some):
            return fail(map.node, "`\(context)`: give `index` or `id`, not both")
        case (nil, nil):
            return fail(map.node, "`\(context)`: needs `index` (in the picker's order, oldest first) or `id` (a localIdentifier)")
        }
    }

    /// A list of asset selectors (whole numbers or localIdentifiers).
    func assetList(_ node: YAMLNode, in context: String) -> [AssetSelector]? {
        if node.isNull { return [] }
        guard let items = node.items else { return expected("a list of asset indexes or localIdentifiers", in: context, at: node) }
        let selectors = items.compactMap { assetSelector($0, in: context, allowMap: false) }
        return selectors.count == items.count ? selectors : nil
    }

    /// A file or folder of the suite, relative to this file's folder and confined to the suite.
    func suitePath(_ node: YAMLNode, in context: String, kind: ScenarioFileKind = .file) -> SuiteFilePath? {
        guard let written = text(node, in: context) else { return nil }
        switch session.root.resolve(written, inFolder: folder, kind: kind, files: session.files) {
        case .success(let path): return path
        case .failure(let problem): return fail(node, "`\(context)`: \(problem.message)")
        }
    }

    /// A path inside the app's data container.
    func appPath(_ node: YAMLNode, in context: String) -> AppPath? {
        guard let written = text(node, in: context) else { return nil }
        guard let path = AppPath(written) else {
            return fail(node, "`\(context)`: `\(written)` is not a path inside the app's container; write it relative to the container, without `..` (e.g. Documents/Photo-1.jpg)")
        }
        return path
    }

    /// `{service: allow | deny | unset | limited}`; `all` sets every service, `limited` is for photos only.
    /// With `ignoringOthers` (Maestro's `launchApp` and `setPermissions`), a name that is none of
    /// iOS's and close to none of them (an Android one such as `sms`, in a flow shared between
    /// platforms) is passed over, as Maestro's iOS driver filters the map to its own names
    /// (LocalSimulatorUtils.kt `setAppleSimutilsPermissions`); a near miss is still a mistake.
    func permissions(_ node: YAMLNode, in context: String, ignoringOthers: Bool = false) -> [PermissionGrant]? {
        guard let entries = freeMap(node, in: context) else { return nil }
        let services = ["all"] + PrivacyService.allCases.map(\.rawValue) + Self.maestroOnlyPermissions + ["medialibrary"]
        var grants: [PermissionGrant] = []
        var valid = true
        for entry in entries {
            // Maestro's iOS names (maestro-ios-driver LocalSimulatorUtils): `medialibrary`, and
            // `location` as `inuse`, `always` or `never` (its `allow` is always, `deny` never).
            if entry.key == "location", let written = entry.value.scalarText, ["inuse", "always", "never"].contains(written) {
                switch written {
                case "inuse": grants.append(PermissionGrant(service: .location, setting: .allow))
                case "always": grants += [PermissionGrant(service: .location, setting: .allow),
                                          PermissionGrant(service: .locationAlways, setting: .allow)]
                default: grants += [PermissionGrant(service: .location, setting: .deny),
                                    PermissionGrant(service: .locationAlways, setting: .deny)]
                }
                continue
            }
            if Self.maestroOnlyPermissions.contains(entry.key) {
                // Maestro's services that no framework an app links here asks for: the
                // setting is checked and changes nothing (docs/scenarios.md).
                if permissionSetting(entry.value, in: "\(context).\(entry.key)", service: entry.key) == nil { valid = false }
                continue
            }
            let name = entry.key == "medialibrary" ? PrivacyService.mediaLibrary.rawValue : entry.key
            guard let named = PrivacyService.services(named: name) else {
                if ignoringOthers, NameSuggestion.nearest(to: entry.key, in: services) == nil { continue }
                valid = fail(entry.keyNode, "`\(context)`: unknown service `\(entry.key)`\(NameSuggestion.hint(for: entry.key, in: services)) (known: \(services.joined(separator: ", ")))") ?? false
                continue
            }
            guard let setting = permissionSetting(entry.value, in: "\(context).\(entry.key)", service: entry.key) else {
                valid = false
                continue
            }
            grants += named.map { PermissionGrant(service: $0, setting: setting) }
        }
        return valid ? grants : nil
    }

    /// Maestro's iOS permissions (LocalSimulatorUtils `allPermissions`, and `notifications`)
    /// that PhotoSim's devices have no service for.
    static let maestroOnlyPermissions = ["faceid", "homekit", "speech", "userTracking", "notifications"]

    private func permissionSetting(_ node: YAMLNode, in context: String, service: String) -> PermissionSetting? {
        let allowed: [PermissionSetting] = service == "photos" ? [.allow, .deny, .unset, .limited] : [.allow, .deny, .unset]
        let names = allowed.map(\.rawValue)
        guard let written = text(node, in: context) else { return nil }
        guard let setting = PermissionSetting(rawValue: written), allowed.contains(setting) else {
            let extra = written == "limited" ? " (`limited` is for photos only)" : NameSuggestion.hint(for: written, in: names)
            return fail(node, "`\(context)`: expected \(Self.list(names)), found `\(written)`\(extra)")
        }
        return setting
    }
}
