import Simulator

/// The parts arguments are made of: flow-style maps and lists, selectors, values, permissions.
extension ScenarioWriter {
    /// `{key: value, …}` in flow style, leaving out the keys without a value.
    static func map(_ entries: [(String, String?)]) -> String {
        "{" + entries.compactMap { key, value in value.map { "\(key): \($0)" } }.joined(separator: ", ") + "}"
    }

    /// `[item, …]` in flow style.
    static func list(_ items: [String]) -> String {
        "[" + items.joined(separator: ", ") + "]"
    }

    /// `{text, id, index}`, each when given.
    static func conditionText(_ condition: FlowCondition) -> String {
        map([("visible", condition.visible.map(selectorText)), ("notVisible", condition.notVisible.map(selectorText)),
             ("platform", condition.platform.map(quoted)), ("true", condition.script.map(quoted))])
    }

    /// Every key the selector gives, in Maestro's spelling.
    static func selectorText(_ selector: ElementSelector) -> String {
        var entries: [(String, String?)] = [("text", selector.text.map(quoted)), ("id", selector.id.map(quoted)),
                                            ("index", selector.index.map { "\($0)" })]
        for relation in selector.relations {
            switch relation {
            case .below(let other), .above(let other), .leftOf(let other), .rightOf(let other), .childOf(let other),
                 .containsChild(let other):
                entries.append((relation.key, selectorText(other)))
            case .containsDescendants(let others):
                entries.append((relation.key, list(others.map(selectorText))))
            }
        }
        if !selector.traits.isEmpty { entries.append(("traits", quoted(selector.traits.map(\.rawValue).joined(separator: " ")))) }
        let states = selector.states
        entries += [("enabled", states.enabled.map { "\($0)" }), ("checked", states.checked.map { "\($0)" }),
                    ("selected", states.selected.map { "\($0)" }), ("focused", states.focused.map { "\($0)" }),
                    ("width", selector.size?.width.map { "\($0)" }), ("height", selector.size?.height.map { "\($0)" }),
                    ("tolerance", selector.size?.tolerance.map { "\($0)" })]
        return map(entries)
    }

    /// An index as a number, a localIdentifier as text (so `"12"` stays an identifier).
    static func assetText(_ selector: AssetSelector) -> String {
        switch selector {
        case .index(let index): return "\(index)"
        case .localIdentifier(let identifier): return quoted(identifier)
        }
    }

    /// `{index}` or `{id}`.
    static func assetMap(_ selector: AssetSelector) -> String {
        map(assetEntries(selector))
    }

    /// The `index` or `id` entry of a map naming an asset.
    static func assetEntries(_ selector: AssetSelector) -> [(String, String?)] {
        switch selector {
        case .index(let index): return [("index", "\(index)")]
        case .localIdentifier(let identifier): return [("id", quoted(identifier))]
        }
    }

    /// A value written so it reads back as the same type: text quoted, `~` for null. Traps on a
    /// real that is not finite (no file can hold one).
    static func valueText(_ value: ScenarioValue) -> String {
        switch value {
        case .null: return "~"
        case .boolean(let flag): return "\(flag)"
        case .integer(let number): return "\(number)"
        case .real(let number):
            precondition(number.isFinite, "a scenario value cannot be the real \(number)")
            return "\(number)"
        case .text(let text): return quoted(text)
        }
    }

    /// `{service: setting, …}` in order; a run of every service with one setting, as `all` reads,
    /// is written `all`, so `{all: deny, camera: allow}` does not name `camera` twice.
    static func permissionsText(_ grants: [PermissionGrant]) -> String {
        var entries: [(String, String?)] = []
        var rest = grants[...]
        while let first = rest.first {
            let all = PrivacyService.allCases.map { PermissionGrant(service: $0, setting: first.setting) }
            let isAll = rest.starts(with: all)
            entries.append((isAll ? "all" : first.service.rawValue, first.setting.rawValue))
            rest = rest.dropFirst(isAll ? all.count : 1)
        }
        return map(entries)
    }
}
