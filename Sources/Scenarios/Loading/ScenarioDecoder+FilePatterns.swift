/// App paths whose file name may be a pattern (`assertFile`, `assertNoFile`).
extension ScenarioDecoder {
    /// An app path whose file name may hold `*`, `?`, `[...]`; its folders may not.
    func appPathPattern(_ node: YAMLNode, in context: String) -> AppPath? {
        guard let path = appPath(node, in: context) else { return nil }
        guard !path.folderHasWildcard else {
            return fail(node, "`\(context)`: `\(path)` has a wildcard in a folder; only the file name may be a pattern (e.g. Documents/*.jpg)")
        }
        return path
    }
}
