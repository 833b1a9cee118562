/// Maestro's flow commands that PhotoSim does not run, so that a Maestro flow naming one is
/// refused at load with what the command is and why, never as an unknown command.
///
/// The names are the fields of Maestro's `YamlFluentCommand` (mobile-dev-inc/maestro,
/// maestro-orchestra/src/main/java/maestro/orchestra/yaml/YamlFluentCommand.kt); those PhotoSim
/// runs are ``ScenarioCommandName``s. The others cannot mean anything on a headless, offline
/// simulator (Maestro's AI judging a screenshot, a video of the screen), or mean nothing in
/// Maestro either (`openBrowser`): each says so, with what to write instead.
enum MaestroCommandCatalogue {
    /// Why a flow may not use `name`, for a Maestro command PhotoSim does not run; nil for any
    /// other name.
    static func refusal(of name: String) -> String? {
        neverRun[name].map { "`\(name)` is Maestro's, but \($0)" }
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
        "openBrowser": "Maestro reads it and runs nothing for it (YamlFluentCommand maps it to no command, so Maestro "
            + "stops with “No mapping provided”); write openLink: {link: …, browser: true}",
    ]
}
