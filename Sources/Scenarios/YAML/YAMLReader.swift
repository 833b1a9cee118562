import CYAML
import Foundation

/// Reads YAML text into located ``YAMLNode`` documents with libyaml's event parser.
///
/// libyaml does the YAML: scanning, quoting styles, block and flow collections, document
/// markers, and its own error messages with their marks, which are reported as they are.
/// Aliases (`*name`) are refused rather than expanded, so a file cannot grow itself
/// exponentially; nesting deeper than `maximumDepth` is refused at the node that goes too deep.
public struct YAMLReader: Sendable {
    /// How deep collections may nest.
    public let maximumDepth: Int

    public init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// The documents of `data` (UTF-8, or UTF-16 with a byte-order mark), named `file` in errors.
    public func documents(of data: Data, file: String) throws(ScenarioLoadError) -> [YAMLNode] {
        let count = data.count
        // An empty Data may have no buffer; libyaml needs a pointer even for zero bytes.
        let storage = data.isEmpty ? Data([0]) : data
        let result: Result<[YAMLNode], ScenarioLoadError> = storage.withUnsafeBytes { raw in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                return .failure(ScenarioLoadError(.start(of: file), "libyaml could not start a parser (out of memory)"))
            }
            defer { yaml_parser_delete(&parser) }
            let bytes = raw.bindMemory(to: UInt8.self)
            yaml_parser_set_input_string(&parser, bytes.baseAddress, count)
            var builder = YAMLTreeBuilder(file: file, maximumDepth: maximumDepth)
            return Self.run(&parser, into: &builder)
        }
        return try result.get()
    }

    /// Pulls events until the stream ends or something is wrong.
    private static func run(_ parser: inout yaml_parser_t, into builder: inout YAMLTreeBuilder)
        -> Result<[YAMLNode], ScenarioLoadError>
    {
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else {
                return .failure(ScenarioLoadError(diagnostics: [malformed(parser, file: builder.file)]))
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { return .success(builder.documents) }
            if let problem = builder.accept(event) {
                return .failure(ScenarioLoadError(diagnostics: [problem]))
            }
        }
    }

    /// libyaml's own message and mark for a syntax error.
    private static func malformed(_ parser: yaml_parser_t, file: String) -> ScenarioDiagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        var message = "malformed YAML: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            let mark = parser.context_mark
            message += " (\(context) at line \(mark.line + 1), column \(mark.column + 1))"
        }
        let mark = parser.problem_mark
        let location = SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        return ScenarioDiagnostic(location: location, message: message)
    }
}
