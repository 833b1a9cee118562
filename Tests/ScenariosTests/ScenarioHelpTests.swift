import Testing
import Scenarios
import Simulator

/// `simctl run --help` (and `simctl help run`) and a team runner's `--help` come from one table.
@Suite("Scenario command-line help")
struct ScenarioHelpTests {
    @Test func simctlsHelpForRunIsTheCommandLinesHelp() {
        #expect(SimctlSubcommand.run.usage.contains(ScenarioCommandLine.help(program: .simctlRun)))
        #expect(!ScenarioCommandLine.help(program: .simctlRun).contains("--set"), "simctl's --set comes before run")
    }

    @Test func aRunnersHelpIsTheSameUnderItsName() {
        let help = ScenarioCommandLine.help(program: .executable("teamapp-scenarios"))
        #expect(help.hasPrefix("Usage: teamapp-scenarios [--set PATH] [--seed N] [--repeat N]"))
        #expect(!help.contains("simctl"))
        for option in [ScenarioCommandLine.setOption] + ScenarioCommandLine.options {
            #expect(help.contains("\t" + option.spellings.joined(separator: ", ") + " "), "\(option.spellings)")
        }
    }

    @Test func everyParsedOptionIsListed() {
        let listed = Set(ScenarioCommandLine.syntax.options.flatMap(\.spellings))
        #expect(listed == Set(ScenarioCommandLine.options.flatMap(\.spellings)))
    }
}
