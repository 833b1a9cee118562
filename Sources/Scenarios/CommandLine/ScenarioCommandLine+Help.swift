import ArgumentParsing
import Foundation

/// The one table of the run options, and the usage and help made from it for a program name,
/// so `simctl run --help` and a team runner's `--help` list the same options.
extension ScenarioCommandLine {
    /// The options, each with the line `--help` shows for it.
    public static let options: [OptionSyntax] = [
        .value(["--seed"], placeholder: "N", help: "the seed of every scenario (default: the header's, else derived from the path)"),
        .value(["--repeat"], placeholder: "N", help: "run each scenario N times, a new seed each time (printed)"),
        .value(["--include-tags"], placeholder: "T", help: "run only scenarios with one of these tags (repeat, or T1,T2)",
               repeatable: true),
        .value(["--exclude-tags"], placeholder: "T", help: "skip scenarios with any of these tags", repeatable: true),
        .value(["-j"], placeholder: "N", help: "scenarios run at once (default: the cores)"),
        .value(["--junit"], placeholder: "PATH", help: "write a JUnit XML report (also to $XML_OUTPUT_FILE under Bazel)"),
        .flag(["--json"], help: "print the JSON report on standard output, the summary on standard error"),
        .value(["--report"], placeholder: "DIR", help: "write an HTML report with screenshots to DIR/index.html"),
        .value(["--screenshots"], placeholder: "DIR", help: "write each takeScreenshot as DIR/<path>.png (default: here, as maestro test)"),
        .flag(["--check-determinism"], help: "run each scenario twice and fail when the traces differ"),
        .value(["-e", "--env"], placeholder: "KEY=VALUE", help: "a parameter for ${KEY} (Maestro's -e)", repeatable: true),
        .value(["--shard-split"], placeholder: "N", help: "split the scenarios into N shards (also Bazel's TEST_TOTAL_SHARDS)"),
        .value(["--shard-index"], placeholder: "I", help: "run shard I, from 0 (also Bazel's TEST_SHARD_INDEX)"),
        .value(["--device"], placeholder: "D", help: "run on this device of the set instead of temporary devices"),
        .flag(["--keep"], help: "keep the temporary devices of failed scenarios and print where"),
        .value(["--fault-rate"], placeholder: "R", help: "fail each file operation with chance R, drawn from the seed (docs/faults.md)"),
        .value(["--checkers"], placeholder: "C", help: "run only these checkers after launches and at the end (repeat, or C1,C2)",
               repeatable: true),
        .value(["--skip-checkers"], placeholder: "C", help: "do not run these checkers (repeat, or C1,C2)", repeatable: true),
        .flag(["--list-checkers"], help: "list the checkers of the platform and of each app, then exit"),
        .value(["--app"], placeholder: "APP", help: "an app built against UIKit, run in its own process (repeat; installed first with --device; docs/uikit.md)",
               repeatable: true),
    ]

    /// `--set PATH`, for a program that takes it (``ScenarioProgram/takesSetOption``); the
    /// program reads it before the other options are parsed.
    public static let setOption = OptionSyntax.value(
        ["--set"], placeholder: "PATH",
        help: "the device set --device names (default: $PHOTOSIM_DEVICE_SET, else $XDG_DATA_HOME/photosim/Devices)")

    /// The options `program`'s `--help` lists: ``options``, after ``setOption`` when it takes it.
    static func listedOptions(program: ScenarioProgram) -> [OptionSyntax] {
        program.takesSetOption ? [setOption] + options : options
    }

    /// The synopsis words after `program`, in order.
    static func synopsis(program: ScenarioProgram) -> [String] {
        program.takesSetOption ? ["[--set PATH]"] + synopsisWords : synopsisWords
    }

    /// The synopsis words after the program, in order.
    private static let synopsisWords = [
        "[--seed N]", "[--repeat N]", "[--include-tags T]", "[--exclude-tags T]", "[-j N]", "[--junit PATH]", "[--json]",
        "[--report DIR]", "[--check-determinism]", "[-e KEY=VALUE]", "[--shard-split N --shard-index I]",
        "[--device D]", "[--keep]", "[--fault-rate R]", "[--checkers C]", "[--skip-checkers C]", "<file|folder>...",
    ]

    /// The argument table for `program` (its name in argument errors).
    public static func argumentSyntax(program: ScenarioProgram) -> CommandSyntax {
        CommandSyntax(program.commandName, usage: usageLine(program: program), options: options,
                      positionals: PositionalSyntax("<file|folder>", count: 0...Int.max))
    }

    /// The usage on one line: `Usage: simctl run [--seed N] … <file|folder>...`.
    public static func usageLine(program: ScenarioProgram) -> String {
        "Usage: \(program.invocation) " + synopsis(program: program).joined(separator: " ")
    }

    /// What `--help` prints: the usage wrapped at 110 columns, one line per option, the exit statuses.
    public static func help(program: ScenarioProgram) -> String {
        let lead = "Usage: \(program.invocation) "
        var lines = [lead]
        for word in synopsis(program: program) {
            if lines[lines.count - 1].count + word.count > 110 && lines[lines.count - 1].count > lead.count {
                lines.append(String(repeating: " ", count: lead.count))
            }
            lines[lines.count - 1] += word + " "
        }
        let optionLines = listedOptions(program: program).map { option in
            "\t" + (option.spellings.joined(separator: ", ") + " " + (option.placeholder ?? "")).paddedTo(22) + option.help
        }
        return (lines.map { String($0.dropLast()) } + [""] + optionLines + ["", exitStatusText]).joined(separator: "\n")
    }

    /// The exit statuses, as `--help` states them (``ScenarioExitCode``).
    static let exitStatusText = """
        Exit status: 0 all passed, 1 a scenario failed, 64 usage error, 65 an invalid scenario file
        (nothing ran), 74 a report or the device set could not be written or opened, or an --app bundle installed.
        """
}

extension String {
    /// The text followed by spaces to `width` characters, and at least one space.
    fileprivate func paddedTo(_ width: Int) -> String {
        let trimmed = trimmingCharacters(in: .whitespaces)
        return trimmed + String(repeating: " ", count: max(1, width - trimmed.count))
    }
}
