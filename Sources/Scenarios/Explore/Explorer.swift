import AppRuntime
import Core
import Platform
import Simulator

/// Explores an app with random but valid user and platform events, runs the checkers after
/// every event, and shrinks a failure to a minimal scenario file that `simctl run` replays.
///
/// Each run starts from a fresh device in its own world seeded `seed + k`; the events come from
/// that world's `explore` seed stream, so one seed gives one sequence, trace and file. The
/// explorer reads no clock: the caller's `deadlineReached` bounds it in host time.
///
/// ```swift
/// let explorer = Explorer()
/// let report = try explorer.explore(ExploreOptions(appId: MyLocations.bundleIdentifier, seed: 7,
///                                                  outputFolder: "out", workFolder: tmp))
/// for failure in report.failures { print(failure.checker, failure.file) }
/// ```
public struct Explorer: Sendable {
    /// The apps an exploration may name (simctl's are the reference apps).
    public let apps: [AppDefinition]
    /// Makes the file system the scenario files and their media are written through.
    public let makeFileSystem: @Sendable () -> FileSystem
    /// Makes the file system of the temporary devices runs and shrinking use, which are removed
    /// afterwards: by default POSIX without `fsync` (``Core/FileDurability/scratch``),
    /// as for `simctl run`'s temporary devices; the same as `makeFileSystem` when that is given.
    public let makeDeviceFileSystem: @Sendable () -> FileSystem

    public init(apps: [AppDefinition],
                makeFileSystem: (@Sendable () -> FileSystem)? = nil) {
        self.apps = apps
        self.makeFileSystem = makeFileSystem ?? { POSIXFileSystem() }
        self.makeDeviceFileSystem = makeFileSystem ?? { POSIXFileSystem(durability: .scratch) }
    }

    /// Runs seeds `seed`, `seed + 1`, … until `steps` events were drawn, a checker fails (then
    /// shrinks it and writes the scenario), or `deadlineReached` says so (asked between events).
    public func explore(_ options: ExploreOptions, deadlineReached: () -> Bool = { false },
                        onRun: (ExploreRunSummary) -> Void = { _ in }) throws(ExploreError) -> ExploreReport {
        guard options.appBundle != nil || apps.contains(where: { $0.bundleIdentifier.rawValue == options.appId }) else {
            throw .unknownApp(options.appId, known: apps.map(\.bundleIdentifier.rawValue))
        }
        let fileSystem = makeFileSystem(), deviceFileSystem = makeDeviceFileSystem()
        let mediaTemplate = MediaLibraryTemplate()
        // An app in its own process starts from its loaded image at every launch of every seed.
        let launchPool = LaunchPool()
        defer { launchPool.close() }
        let media = try ExploreMedia.write(to: options.outputFolder, fileSystem: fileSystem)
        var report = ExploreReport()
        while report.steps < options.steps, report.failures.isEmpty {
            if deadlineReached() { report.stoppedByDeadline = true; break }
            let seed = options.seed &+ UInt64(report.seeds.count)
            report.seeds.append(seed)
            let budget = min(options.eventsPerRun, options.steps - report.steps)
            let run = try ExploreRun(options: options, seed: seed, media: media, apps: apps, fileSystem: deviceFileSystem,
                                     mediaTemplate: mediaTemplate, launchPool: launchPool)
            let outcome = run.perform(events: budget, deadlineReached: deadlineReached)
            report.steps += outcome.events
            report.refusedCommands += outcome.refused
            report.refusals += outcome.refusals.prefix(max(0, 5 - report.refusals.count))
            onRun(ExploreRunSummary(seed: seed, events: outcome.events, failedChecker: outcome.failure?.checker))
            if let failure = outcome.failure {
                let shrinker = ExploreShrinker(options: options, seed: seed, media: media, apps: apps, fileSystem: fileSystem,
                                               makeFileSystem: makeDeviceFileSystem)
                report.failures.append(try shrinker.shrinkAndWrite(outcome.commands, failure: failure))
            }
            if outcome.stoppedByDeadline { report.stoppedByDeadline = true; break }
        }
        return report
    }
}

/// Why an exploration could not run.
public enum ExploreError: Error, Equatable, CustomStringConvertible {
    case unknownApp(String, known: [String])
    /// The output folder (or a file in it) could not be written.
    case outputNotWritten(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownApp(let appId, let known):
            return "no app \(appId) is known to the explorer; known: \(known.joined(separator: ", "))"
        case .outputNotWritten(let path, let reason):
            return "could not write \(path): \(reason); choose a writable folder with --out"
        }
    }
}
