import CYAML

/// Turns libyaml's events into located ``YAMLNode`` trees, one per document.
struct YAMLTreeBuilder {
    /// A collection being read; mutated in place on the stack so appending stays O(1).
    private struct Frame {
        let isMapping: Bool
        let location: SourceLocation
        var items: [YAMLNode] = []
        var entries: [YAMLMappingEntry] = []
        var pendingKey: YAMLNode?
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
            stack.append(Frame(isMapping: event.type == YAML_MAPPING_START_EVENT, location: location))
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
        frame.isMapping ? YAMLNode(content: .mapping(frame.entries), location: frame.location)
            : YAMLNode(content: .sequence(frame.items), location: frame.location)
    }

    /// Puts a finished node into the collection that holds it, or makes it a document.
    private mutating func add(_ node: YAMLNode) {
        guard !stack.isEmpty else {
            documents.append(node)
            return
        }
        let top = stack.count - 1
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].entries.append(YAMLMappingEntry(key: key, value: node))
            stack[top].pendingKey = nil
        } else {
            stack[top].pendingKey = node
        }
    }
}
