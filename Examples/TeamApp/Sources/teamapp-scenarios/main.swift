// The team's scenario runner: `swift run teamapp-scenarios Scenarios` is `simctl run` with the
// Notes app registered — every option (--seed, --repeat, --report, --junit, --json, -j,
// --shard-split/--shard-index, --device, --keep, Bazel's TEST_* variables), the same reports and
// exit codes — and its replay lines say `teamapp-scenarios --seed N <file>`.
import Foundation
import Notes
import ScenarioKit

exit(ScenarioMain.run(apps: [Notes.definition], arguments: CommandLine.arguments))
