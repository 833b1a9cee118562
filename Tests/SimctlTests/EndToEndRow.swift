import Testing

/// One row of the end-to-end table: the set it starts from, the commands that must succeed
/// first (a row that depends on earlier state names it here), and the step it checks.
struct EndToEndRow: Sendable, CustomTestStringConvertible {
    let title: String
    let given: DeviceSetTemplates.Given
    let before: [[String]]
    let step: SimctlStep

    init(_ title: String, _ given: DeviceSetTemplates.Given, after before: [[String]] = [], _ step: SimctlStep) {
        self.title = title
        self.given = given
        self.before = before
        self.step = step
    }

    /// "title: simctl ... (Phone booted; after simctl ...)", placeholders unfilled.
    var testDescription: String {
        let preparation = before.map { "simctl " + $0.joined(separator: " ") }
        return "\(title): \(step) (" + ([given.rawValue] + preparation.map { "after " + $0 }).joined(separator: "; ") + ")"
    }
}
