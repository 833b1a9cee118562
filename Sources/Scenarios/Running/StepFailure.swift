/// A command that did not do what the scenario says, with what was expected and what was found.
struct StepFailure: Error {
    /// One sentence a user can act on.
    var message: String
    var expected: String?
    var actual: String?
    /// The step inside a `repeat` that failed; nil for the step being executed.
    var step: ScenarioStep?
    /// The checker that failed, when a checkup rather than the command failed.
    var checker: String?

    init(_ message: String, expected: String? = nil, actual: String? = nil) {
        self.message = message
        self.expected = expected
        self.actual = actual
    }

    /// An assertion that found `actual` where `expected` was due.
    static func mismatch(_ what: String, expected: String, actual: String) -> StepFailure {
        StepFailure("\(what): expected \(expected), found \(actual)", expected: expected, actual: actual)
    }

    /// `pickPhoto` with a `crop` on a photo picker, which has no editor.
    static var cropOnPhotoPicker: StepFailure {
        StepFailure("a photo picker (PHPickerViewController) has no editor to crop in; leave crop out")
    }

    /// A command the host cannot do, with why.
    static func notSupported(_ why: String) -> StepFailure {
        StepFailure("not supported: \(why)")
    }
}
