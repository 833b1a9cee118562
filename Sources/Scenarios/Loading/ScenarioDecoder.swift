/// Turns one file's YAML nodes into the typed model, reporting every problem to the session.
///
/// Each function returns nil (or drops the item) after reporting, so one pass finds all the
/// problems of a file. Every scalar goes through `${NAME}` substitution with `environment`.
struct ScenarioDecoder {
    let session: LoadSession
    /// The file as shown in locations.
    let file: String
    /// The file's folder relative to the suite folder (`""` at the top).
    let folder: String
    /// The variables `${NAME}` reads.
    var environment: [String: String]
    /// The `runFlow` commands that led to this file, outermost first.
    let callers: [SourceLocation]

    /// Reports a problem at `node`; always nil, so callers can `return fail(…)`.
    func fail<T>(_ node: YAMLNode, _ message: String) -> T? {
        session.sink.report(node.location, message)
        return nil
    }

    /// Reports "`context`: expected …, found …" at `node`.
    func expected<T>(_ what: String, in context: String, at node: YAMLNode) -> T? {
        fail(node, "`\(context)`: expected \(what), found \(node.foundDescription)")
    }
}
