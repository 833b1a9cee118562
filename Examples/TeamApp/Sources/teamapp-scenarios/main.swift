// The team's scenario runner: `swift run teamapp-scenarios Scenarios` takes `simctl run`'s
// options (--seed, --include-tags, -j, --junit, --json, --shard-split/--shard-index ...).
import Foundation
import Notes
import ScenarioKit

exit(ScenarioMain.run(apps: [Notes.definition], arguments: CommandLine.arguments))
