/// Maestro's flow commands that PhotoSim does not run, so that a Maestro flow naming one is
/// refused at load with what the command is and why, never as an unknown command.
///
/// The names are the fields of Maestro's `YamlFluentCommand` (mobile-dev-inc/maestro,
/// maestro-orchestra/src/main/java/maestro/orchestra/yaml/YamlFluentCommand.kt); those PhotoSim
/// runs are ``ScenarioCommandName``s. Some cannot mean anything on a headless, offline simulator
/// (Maestro's AI judging a screenshot, a video of the screen): those say so, with what to write
/// instead. The others are Maestro's words PhotoSim has not built yet.
enum MaestroCommandCatalogue {
    /// Why a flow may not use `name`, for a Maestro command PhotoSim does not run; nil for any
    /// other name.
    static func refusal(of name: String) -> String? {
        if let reason = neverRun[name] { return "`\(name)` is Maestro's, but \(reason)" }
        guard notYetRun.contains(name) else { return nil }
        return "`\(name)` is Maestro's command; PhotoSim does not run it yet (docs/scenarios.md, “Maestro's words not run yet”)"
    }

    /// The commands that cannot mean anything here, and why.
    static let neverRun: [String: String] = [
        "assertWithAI": "it asks Maestro's AI model, over the network, to judge a screenshot: a scenario here is decided by its "
            + "own commands on an offline device; assert what the screen must show with assertVisible or assertNotVisible",
        "assertNoDefectsWithAI": "it asks Maestro's AI model, over the network, to find defects in a screenshot: a scenario here "
            + "is decided by its own commands on an offline device; assert what the screen must show with assertVisible",
        "extractTextWithAI": "it asks Maestro's AI model, over the network, to read text off a screenshot: a scenario here "
            + "reads the screen's elements themselves (assertVisible, copyTextFrom)",
        "startRecording": "it records the device's screen as a video, and a headless device draws its screen only when a "
            + "picture is asked for; take one with takeScreenshot at the steps to look at",
        "stopRecording": "it ends a video of the device's screen, and a headless device records none (startRecording is "
            + "refused too); take pictures with takeScreenshot",
    ]

    /// Maestro's commands PhotoSim has not built yet.
    static let notYetRun: Set<String> = [
        "openLink", "openBrowser", "action",
    ]
}
