import CYAML

/// Turns libyaml's events into located ``YAMLNode`` trees, one per document.
struct YAMLTreeBuilder {
    /// A collection being read.
    private enum Frame {
        case sequence(SourceLocation, [YAMLNode])
        case mapping(SourceLocation, [YAMLMappingEntry], pendingKey: YAMLNode?)
    }

    let file: String
    let maximumDepth: Int
    private(set) var documents: [YAMLNode] = []
    private var stack: [Frame] = []

    init(file: String, maximumDepth: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
    }

    /// Takes one event; returns a problem that stops reading, if any.
    mutating func accept(_ event: yaml_event_t) -> ScenarioDiagnostic? {
        let location = SourceLocation(file: file, line: Int(event.start_mark.line) + 1,
                                      column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE
            add(YAMLNode(content: .scalar(text, quoted: quoted), location: location))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            guard stack.count < maximumDepth else {
                return ScenarioDiagnostic(location: location,
                                          message: "nested more than \(maximumDepth) levels deep; flatten the file or split it with runFlow")
            }
            stack.append(event.type == YAML_SEQUENCE_START_EVENT
                ? .sequence(location, []) : .mapping(location, [], pendingKey: nil))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            add(close(stack.removeLast()))
        case YAML_ALIAS_EVENT:
            return ScenarioDiagnostic(location: location,
                                      message: "aliases (`*name`) are not supported in scenario files; repeat the value or move the commands into a runFlow file")
        default:
            break
        }
        return nil
    }

    private func close(_ frame: Frame) -> YAMLNode {
        switch frame {
        case .sequence(let location, let items):
            return YAMLNode(content: .sequence(items), location: location)
        case .mapping(let location, let entries, _):
            return YAMLNode(content: .mapping(entries), location: location)
        }
    }

    /// Puts a finished node into the collection that holds it, or makes it a document.
    private mutating func add(_ node: YAMLNode) {
        guard let top = stack.popLast() else {
            documents.append(node)
            return
        }
        switch top {
        case .sequence(let location, var items):
            items.append(node)
            stack.append(.sequence(location, items))
        case .mapping(let location, var entries, let pendingKey):
            if let key = pendingKey {
                entries.append(YAMLMappingEntry(key: key, value: node))
                stack.append(.mapping(location, entries, pendingKey: nil))
            } else {
                stack.append(.mapping(location, entries, pendingKey: node))
            }
        }
    }
}
