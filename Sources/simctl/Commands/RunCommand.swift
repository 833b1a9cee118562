import Apps
import Scenarios

/// `simctl run <file|folder>...`: runs scenario files; every decision is
/// ``Scenarios/ScenarioCommandLine``'s. Exits with its status (0 passed, 1 failed, 64 usage,
/// 65 invalid file, 74 output).
enum RunCommand {
    static var command: Command {
        LiveScenarioCommand.command(.run, table: ScenarioCommandLine.syntax) { arguments, context in
            ScenarioCommandLine.run(parsed: arguments, apps: ReferenceApps.all, context: context)
        }
    }
}
