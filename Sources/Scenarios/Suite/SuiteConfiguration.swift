/// A suite folder's `config.yaml` (or `config.yml`), Maestro's workspace configuration: which
/// files are scenarios (`flows`) and which tags run (`includeTags`, `excludeTags`).
///
/// `executionOrder` (`flowsOrder`, `continueOnFailure`) says which flows run first, in order.
/// Maestro Cloud's other keys (`notifications`, `local`, …) are accepted and ignored; a key one or
/// two letters away from a known one is refused with a suggestion.
public struct SuiteConfiguration: Hashable, Sendable {
    /// The `flows` patterns; empty means Maestro's default `*`: the folder's own top-level files.
    public var flows: [FlowPattern]
    public var tags: TagFilter
    /// Maestro's `executionOrder.flowsOrder`: flow names to run first, one after another.
    public var flowsOrder: [String] = []
    /// Maestro's `executionOrder.continueOnFailure` (true when missing): whether the flows in
    /// order go on after one failed.
    public var continueOnFailure = true

    public init(flows: [FlowPattern] = [], tags: TagFilter = TagFilter()) {
        self.flows = flows
        self.tags = tags
    }

    static let keys = ["flows", "includeTags", "excludeTags", "executionOrder"]

    /// Whether `relativePath` is one of the suite's scenarios.
    public func selects(_ relativePath: String) -> Bool {
        guard !flows.isEmpty else { return !relativePath.contains("/") }
        var selected = false
        for pattern in flows where pattern.matches(relativePath) {
            selected = !pattern.isExclusion
        }
        return selected
    }
}
