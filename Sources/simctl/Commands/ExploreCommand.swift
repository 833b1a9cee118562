import Apps
import Scenarios

/// `simctl explore <app bundle id>`: explores an app (a monotonic clock for `--time`, a fresh
/// seed when none is given); every decision is ``Scenarios/ExploreCommandLine``'s. Exits with its
/// status (0 nothing failed, 1 a checker failed, 64 usage, 74 output).
enum ExploreCommand {
    static var command: Command {
        LiveScenarioCommand.command(.explore, table: ExploreCommandLine.syntax) { arguments, context in
            ExploreCommandLine.run(parsed: arguments, apps: ReferenceApps.all, context: context)
        }
    }
}
