import Core
import Foundation
import Platform
import Simulator

/// Shrinks a failing run's commands to a minimal sequence that still fails with the same
/// checker, then writes it as a scenario file and checks that the file reproduces.
///
/// Delta debugging: remove chunks of half the sequence, then quarters, … then single commands,
/// keeping a candidate only when a fresh run of it (``ScenarioRunner``, the checkers after every
/// `launchApp` and at the end, as `simctl run` does) fails with the same checker.
struct ExploreShrinker {
    let options: ExploreOptions
    let seed: UInt64
    let scenario: ExploreScenario
    let runner: ScenarioRunner
    let fileSystem: FileSystem
    /// Reads the written file back as `simctl run` would, with the apps' checker names.
    let loader: ScenarioLoader

    init(options: ExploreOptions, seed: UInt64, media: [SuiteFilePath], apps: [AppDefinition], fileSystem: FileSystem,
         makeFileSystem: @escaping @Sendable () -> FileSystem) {
        self.options = options
        self.seed = seed
        self.fileSystem = fileSystem
        scenario = ExploreScenario(options: options, seed: seed, media: media)
        var runner = ScenarioRunner(apps: apps, workFolder: options.workFolder, hostNanoseconds: { 0 },
                                    makeFileSystem: makeFileSystem)
        runner.checkers = options.checkers
        runner.appBundles = options.appBundle.map { [$0] } ?? []
        self.runner = runner
        loader = ScenarioLoader(checkers: CheckerCatalogue(apps: apps, added: options.checkers.added))
    }

    /// Shrinks `commands` (which fail `failure`'s checker), writes the file, and checks it.
    func shrinkAndWrite(_ commands: [ScenarioCommand], failure: CheckFailure) throws(ExploreError) -> ExploreFailure {
        var runs = 0
        let checker = failure.checker
        let shrunk = reproduces(commands, checker: checker, runs: &runs) ? shrink(commands, checker: checker, runs: &runs) : commands
        let output = ExploreOutputFolder(path: options.outputFolder, fileSystem: fileSystem)
        let name = try output.writeNew(names: scenario.fileNames(checker: checker)) { name in
            Data(scenario.text(shrunk, checker: checker, problems: failure.problems, name: name).utf8)
        }
        let file = options.outputFolder.appendingPathComponent(name)
        var found = ExploreFailure(checker: checker, seed: seed, problems: failure.problems, foundCommandCount: commands.count,
                                   commands: shrunk, shrinkRuns: runs, file: file, reproduces: fileReproduces(file, checker: checker))
        found.appBundlePath = options.appBundle?.path
        return found
    }

    /// Delta debugging over `commands`, each candidate run from a fresh device; then pairs of
    /// neighbouring commands (two that only make sense together, such as leaving a tab and
    /// coming back), and delta debugging again after a pair went.
    func shrink(_ commands: [ScenarioCommand], checker: String, runs: inout Int) -> [ScenarioCommand] {
        var current = removeChunks(commands, checker: checker, runs: &runs)
        var start = 0
        while start + 1 < current.count, runs < options.maximumShrinkRuns {
            var candidate = current
            candidate.removeSubrange(start..<start + 2)
            if reproduces(candidate, checker: checker, runs: &runs) {
                current = removeChunks(candidate, checker: checker, runs: &runs)
                start = 0
            } else {
                start += 1
            }
        }
        return current
    }

    /// Removes chunks of half the sequence, then quarters, … then single commands.
    private func removeChunks(_ commands: [ScenarioCommand], checker: String, runs: inout Int) -> [ScenarioCommand] {
        var current = commands
        var chunk = max(1, current.count / 2)
        while runs < options.maximumShrinkRuns {
            var start = 0, removedAny = false
            while start < current.count, runs < options.maximumShrinkRuns {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if reproduces(candidate, checker: checker, runs: &runs) {
                    current = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !removedAny { break }
            if !removedAny || chunk > current.count { chunk = max(1, chunk / 2) }
        }
        return current
    }

    /// Whether a fresh run of `commands` fails with `checker`.
    func reproduces(_ commands: [ScenarioCommand], checker: String, runs: inout Int) -> Bool {
        runs += 1
        let result = runner.run(scenario.scenario(commands, checker: checker), options: RunOptions(seed: seed))
        return result.failure?.checker == checker
    }

    /// Loads the written file with the scenario loader and runs it: true when it fails with `checker`.
    func fileReproduces(_ file: String, checker: String) -> Bool {
        guard let loaded = try? loader.load(file: file) else { return false }
        return runner.run(loaded).failure?.checker == checker
    }
}
