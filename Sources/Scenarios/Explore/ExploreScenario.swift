import Simulator

/// The scenario a run's commands make: the header (app, seed, device, the starting media) and
/// the commands, as a model the runner runs and as the file that is written.
struct ExploreScenario {
    let options: ExploreOptions
    let seed: UInt64
    let media: [SuiteFilePath]

    /// The written file's name in the output folder, when it is free.
    func fileName(checker: String?) -> String {
        fileNames(checker: checker)[0]
    }

    /// The names the written file may take, in order (``ExploreOutputFolder``):
    /// `explore-<checker>-seed-<seed>.yaml`, then `…-2.yaml` and on.
    func fileNames(checker: String?) -> [String] {
        ExploreOutputFolder.names(base: "explore-\(checker ?? "run")-seed-\(seed)", extension: "yaml")
    }

    func header(checker: String?) -> ScenarioHeader {
        var header = ScenarioHeader(appId: options.appId, name: "explore \(checker ?? "run") seed \(seed)", tags: ["explore"],
                                    device: options.device, seed: seed, media: Array(media.prefix(ExploreMedia.initialCount)))
        if !options.hasCamera { header.hasCamera = false }
        return header
    }

    /// The header comment: what failed, the seed, how it was found and how to replay it.
    func comments(checker: String?, problems: [String], file: String) -> [String] {
        let arguments = options.launchArguments.map { " --launch-arg \($0.name)=\($0.value)" }.joined()
        let app = options.appBundle.map { " --app \(ShellQuoting.quoted($0.path))" } ?? ""
        var lines = ["Written by simctl explore: checker \(checker ?? "none") failed with seed \(seed).",
                     "Found with: simctl explore \(options.appId) --seed \(seed) --device \(ShellQuoting.quoted(options.device))"
                        + "\(options.hasCamera ? "" : " --no-camera")\(arguments)\(app)"]
        lines += problems.prefix(5).map { "  \($0)" }
        lines.append("Replay: simctl run \(ShellQuoting.quoted(file))\(app)")
        return lines
    }

    /// The scenario model of `commands`, located as the written file would place them.
    func scenario(_ commands: [ScenarioCommand], checker: String?, problems: [String] = []) -> Scenario {
        let name = fileName(checker: checker)
        let file = options.outputFolder.appendingPathComponent(name)
        let header = header(checker: checker)
        let first = ScenarioWriter.linesBeforeCommands(comments: comments(checker: checker, problems: problems, file: file),
                                                       header: header) + 1
        let steps = commands.enumerated().map { index, command in
            ScenarioStep(command: command, location: SourceLocation(file: file, line: first + index, column: 3))
        }
        return Scenario(file: file, relativePath: name, header: header, steps: steps, expandedCommandCount: steps.count)
    }

    /// The file text of `commands`, written under `name` in the output folder.
    func text(_ commands: [ScenarioCommand], checker: String?, problems: [String], name: String) -> String {
        let file = options.outputFolder.appendingPathComponent(name)
        return ScenarioWriter.file(comments: comments(checker: checker, problems: problems, file: file),
                                   header: header(checker: checker), commands: commands)
    }
}
