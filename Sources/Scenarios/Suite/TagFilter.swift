/// Which scenarios run by their tags, with Maestro's rules: with `includeTags`, a scenario runs
/// when it has at least one of them; with `excludeTags`, it runs only when it has none of them;
/// both together must hold.
public struct TagFilter: Hashable, Sendable {
    public var includeTags: [String]
    public var excludeTags: [String]

    public init(includeTags: [String] = [], excludeTags: [String] = []) {
        self.includeTags = includeTags
        self.excludeTags = excludeTags
    }

    /// Whether a scenario with `tags` runs.
    public func admits(_ tags: [String]) -> Bool {
        let included = includeTags.isEmpty || tags.contains(where: includeTags.contains)
        return included && !tags.contains(where: excludeTags.contains)
    }

    /// Both filters' tags, as Maestro adds `config.yaml`'s to the command line's.
    public func adding(_ other: TagFilter) -> TagFilter {
        TagFilter(includeTags: includeTags + other.includeTags.filter { !includeTags.contains($0) },
                  excludeTags: excludeTags + other.excludeTags.filter { !excludeTags.contains($0) })
    }
}
