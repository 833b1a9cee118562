/// A command whose numbers hold Maestro's JavaScript (`repeat: {times: ${output.count}}`,
/// `index: ${output.row}`, `extendedWaitUntil: {timeout: ${output.wait}}`): Maestro works such
/// values out as the command runs (its commands' `evaluateScripts`, Commands.kt), so the command
/// is read again then, its scripted numbers replaced by what they evaluate to, and any problem
/// with them is the step's failure. While the file loads, a value in the command's range stands
/// for each (the step's ``ScenarioStep/command``), so every other check of the file still runs.
struct DeferredValues: Hashable, Sendable {
    let name: ScenarioCommandName
    /// The command's argument as written (without `label` and `optional`).
    let argument: YAMLNode
    /// Where the scripted numbers start in the argument.
    let scriptLocations: Set<SourceLocation>
    /// The flow's variables where the command was written.
    let environment: [String: String]
    /// What the command is read again with: its file, as the loader read it.
    let file: String
    let folder: String
    let callers: [SourceLocation]
    let root: SuiteRoot
    let files: any ScenarioFiles
    let limits: ScenarioLimits
    let checkers: CheckerCatalogue

    static func == (one: DeferredValues, other: DeferredValues) -> Bool {
        one.name == other.name && one.argument.location == other.argument.location
            && one.scriptLocations == other.scriptLocations && one.environment == other.environment
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(argument.location)
    }

    /// The command as written, its scripted values shown as scripts:
    /// `repeat {times: ${output.count}}`.
    var writtenSummary: String {
        var pairs: [String] = []
        func collect(_ node: YAMLNode, key: String) {
            switch node.content {
            case .scalar(let text, _) where scriptLocations.contains(node.location): pairs.append(key.isEmpty ? text : "\(key): \(text)")
            case .scalar: break
            case .sequence(let items): for item in items { collect(item, key: key) }
            case .mapping(let entries):
                for entry in entries where entry.key.scalarText != "commands" {
                    let name = entry.key.scalarText ?? ""
                    collect(entry.value, key: key.isEmpty ? name : "\(key).\(name)")
                }
            }
        }
        collect(argument, key: "")
        return "\(name.rawValue) {\(pairs.joined(separator: ", "))}"
    }
}

extension YAMLNode {
    /// The node with the scalars that start at `locations` replaced by `transform` of their text.
    func replacingScalars(at locations: Set<SourceLocation>, _ transform: (String) throws -> String) rethrows -> YAMLNode {
        switch content {
        case .scalar(let text, let quoted):
            guard locations.contains(location) else { return self }
            return YAMLNode(content: .scalar(try transform(text), quoted: quoted), location: location)
        case .sequence(let items):
            return YAMLNode(content: .sequence(try items.map { try $0.replacingScalars(at: locations, transform) }), location: location)
        case .mapping(let entries):
            return YAMLNode(content: .mapping(try entries.map { entry in
                YAMLMappingEntry(key: entry.key, value: try entry.value.replacingScalars(at: locations, transform))
            }), location: location)
        }
    }
}
