import Core
import Platform
import Simulator

/// Runs loaded scenarios on the app host: one fresh world per run, the header applied, then each
/// command in order until one fails.
///
/// The runner reads no clock and draws no randomness of its own: host time comes from the
/// caller's `hostNanoseconds` (a monotonic clock in the command line, a fake in tests), and the
/// seed from the options, the header, or the scenario's path (FNV-1a 64).
///
/// ```swift
/// let runner = ScenarioRunner(apps: ReferenceApps.all, workFolder: "/tmp/photosim-runs",
///                             hostNanoseconds: monotonicNanoseconds)
/// let suite = try ScenarioSuite.load(path: "Scenarios")
/// let results = runner.run(suite.scenarios, workers: 2)
/// print(TextReport.render(results))
/// ```
public struct ScenarioRunner: Sendable {
    /// The apps a scenario's `appId` may name (simctl's are the reference apps, `ReferenceApps.all`).
    public let apps: [AppDefinition]
    /// Where temporary devices are made (one folder per run, removed afterwards).
    public let workFolder: String
    /// The caller's monotonic clock, in nanoseconds, for host durations.
    public let hostNanoseconds: @Sendable () -> UInt64
    /// Makes the file system a run uses (one per run, so runs on several threads share nothing).
    public let makeFileSystem: @Sendable () -> FileSystem
    /// Makes the file system of a run on a temporary device, which is removed afterwards: by
    /// default POSIX without `fsync` (``Core/FileDurability/scratch``), as nothing of
    /// it has to survive a power cut; the same as `makeFileSystem` when that is given. A run on a
    /// device of a set (`--device`) always uses `makeFileSystem`.
    public let makeTemporaryFileSystem: @Sendable () -> FileSystem
    /// The empty media library every temporary device starts from, made on first use.
    let mediaTemplate = MediaLibraryTemplate()
    /// Temporary devices start from one prepared empty media library (``MediaLibraryTemplate``)
    /// instead of each building its database; off, each builds its own (the benchmark's baseline).
    public var preparesMediaLibraryOnce = true
    /// `assertFile`'s `sameAs` tolerance when the file gives none: the largest per-channel
    /// difference (0–255) still counted as the same pixel.
    public var defaultTolerance: Int = 48
    /// Keep the device folder of a failed run (for inspection) instead of removing it.
    public var keepsFailedDevices = false
    /// Draw `takeScreenshot`s and thumbnail the images the app wrote, for the HTML report.
    public var capturesImages = false
    /// Where each `takeScreenshot` writes the screen as `<path>.png`, as `maestro test` writes
    /// it in its working directory (``ScreenshotFile``); nil writes none (`simctl run` gives
    /// its working directory, or `--screenshots DIR`).
    public var screenshotsFolder: String?
    /// The checkers run after every `launchApp` and at the end of each scenario, failing it with
    /// the checker's name (docs/explore.md): by default every checker of the scenario's app,
    /// its own and the platform's; ``CheckerSelection/none`` runs none.
    public var checkers = CheckerSelection.all
    /// Apps in their own processes (`.app` bundles built against UIKit) a scenario's `appId` may
    /// name, besides `apps` (docs/uikit.md); `simctl run --app` fills it.
    public var appBundles: [AppBundle] = []
    /// Where `appBundles`' launches start from their executables' loaded images, shared by the
    /// runner's copies and ended with the last (``AppRuntime/LaunchPool``); nil spawns each.
    public var launchPool: LaunchPool? = LaunchPool()
    /// What a replay command starts with: `simctl run`, or a team runner's name.
    public var replayProgram = ScenarioProgram.simctlRun.invocation

    public init(apps: [AppDefinition], workFolder: String,
                hostNanoseconds: @escaping @Sendable () -> UInt64,
                makeFileSystem: (@Sendable () -> FileSystem)? = nil) {
        self.apps = apps
        self.workFolder = workFolder
        self.hostNanoseconds = hostNanoseconds
        self.makeFileSystem = makeFileSystem ?? { POSIXFileSystem() }
        self.makeTemporaryFileSystem = makeFileSystem ?? { POSIXFileSystem(durability: .scratch) }
    }

    /// The seed a run of `scenario` uses under `options`, and where it came from.
    public static func seed(for scenario: Scenario, options: RunOptions = RunOptions()) -> (seed: UInt64, source: SeedSource) {
        if let seed = options.seed { return (seed, .option) }
        if let seed = scenario.header.seed { return (seed, .header) }
        return (derivedSeed(relativePath: scenario.relativePath), .derived)
    }

    /// The seed of a scenario that names none: FNV-1a 64 of its relative path, kept to 32 bits
    /// so a replay command stays short.
    public static func derivedSeed(relativePath: String) -> UInt64 {
        let hash = FNV1a64.hash(relativePath.utf8)
        return (hash ^ (hash >> 32)) & 0xFFFF_FFFF
    }

    /// The app bundle the scenario's `appId` names. A bundle given to the runner replaces an
    /// in-process app with the same identifier, as `simctl install` replaces an installed app:
    /// `--app LootLogger.app` runs the lootlogger scenarios on the UIKit app's own process.
    func processBundle(for scenario: Scenario) -> AppBundle? {
        appBundles.first { $0.bundleIdentifier.rawValue == scenario.header.appId }
    }

    /// An app process's own checkers: those of the in-process app of its identifier (the
    /// reference apps' rules hold of their UIKit ports too), else none; a team adds its own
    /// with ``CheckerSelection/added``.
    func appCheckers(of bundle: AppBundle) -> [AppChecker] {
        apps.first { $0.bundleIdentifier == bundle.bundleIdentifier }?.checkers ?? []
    }

    /// On a device of a set: the scenario's app as installed there when its executable is
    /// Linux code (it runs in its own process, in the device's container), else nil (the
    /// in-process app of that identifier runs).
    func installedProcessApp(for scenario: Scenario, set: DeviceSet, device: String) throws -> (bundle: AppBundle, container: String)? {
        guard let identifier = BundleIdentifier(rawValue: scenario.header.appId) else { return nil }
        return try set.launchableApplication(DeviceSelector(device), bundleIdentifier: identifier)
    }

    /// The folder of a run's temporary device (kept with `keepsFailedDevices`).
    public static func deviceFolder(workFolder: String, slot: String, seed: UInt64) -> String {
        workFolder.appendingPathComponent("\(slot)-\(seed)")
    }

    /// Runs one scenario and reports what happened; never throws (a setup problem is a failure).
    public func run(_ scenario: Scenario, options: RunOptions = RunOptions()) -> ScenarioResult {
        run(scenario, options: options, slot: "run-\(String(FNV1a64.hash(scenario.relativePath.utf8), radix: 16))")
    }

    func run(_ scenario: Scenario, options: RunOptions, slot: String) -> ScenarioResult {
        runKeepingTrace(scenario, options: options, slot: slot).result
    }

    /// A run and its whole trace (for comparing two runs line by line).
    func runKeepingTrace(_ scenario: Scenario, options: RunOptions, slot: String) -> (result: ScenarioResult, trace: [TraceEntry]) {
        let started = hostNanoseconds()
        let (seed, source) = Self.seed(for: scenario, options: options)
        let world = World(seed: seed)
        let fileSystem: FileSystem
        if case .temporaryDevice = options.target { fileSystem = makeTemporaryFileSystem() } else { fileSystem = makeFileSystem() }
        let folder = Self.deviceFolder(workFolder: workFolder, slot: slot, seed: seed)
        var commands: [CommandResult] = []
        var failure: ScenarioFailure?
        var screenshots: [ScreenshotRequest] = []
        var images: [ReportImage] = []
        var session: ScenarioSession?
        var processSession: ProcessScenarioSession?
        let runScenario = {
            do throws(StepFailure) {
                var processRun: ProcessScenarioSession?
                if case .installed(let set, let device) = options.target {
                    let installed: (bundle: AppBundle, container: String)?
                    do { installed = try installedProcessApp(for: scenario, set: set, device: device) } catch {
                        throw StepFailure("could not look up \(scenario.header.appId) on \(device): \(error)")
                    }
                    if let installed {
                        processRun = try ProcessScenarioSession.start(scenario, world: world, installed: installed.bundle,
                                                                      container: installed.container, set: set, device: device,
                                                                      folder: folder, fileSystem: fileSystem,
                                                                      defaultTolerance: defaultTolerance)
                    } else if processBundle(for: scenario) != nil {
                        throw StepFailure("\(scenario.header.appId) given with --app is not installed on \(device) as an app process; "
                            + "`simctl install \(device) <path>.app` installs it (simctl run --device installs --app bundles first)")
                    }
                } else if let bundle = processBundle(for: scenario) {
                    processRun = try ProcessScenarioSession.start(scenario, world: world, bundle: bundle, folder: folder,
                                                                  fileSystem: fileSystem, defaultTolerance: defaultTolerance,
                                                                  mediaTemplate: preparesMediaLibraryOnce ? mediaTemplate : nil)
                }
                if let run = processRun {
                    processSession = run
                    run.launchPool = launchPool
                    run.capturesImages = capturesImages
                    run.screenshotsFolder = screenshotsFolder
                    run.checkers = ScenarioSession.checkers(checkers, for: scenario, appCheckers: appCheckers(of: run.bundle))
                    run.faultRate = options.faultRate
                    (commands, failure) = run.execute(scenario.steps, onFlowStart: scenario.header.onFlowStart,
                                                       onFlowComplete: scenario.header.onFlowComplete)
                    screenshots = run.screenshots
                    if capturesImages { images = run.writtenImages() }
                } else {
                    let run = try ScenarioSession.start(scenario, world: world, target: options.target, folder: folder,
                                                        fileSystem: fileSystem, apps: apps, defaultTolerance: defaultTolerance,
                                                        mediaTemplate: preparesMediaLibraryOnce ? mediaTemplate : nil)
                    session = run
                    run.capturesImages = capturesImages
                    run.screenshotsFolder = screenshotsFolder
                    run.checkers = ScenarioSession.checkers(checkers, for: scenario, definition: run.host.definition)
                    run.host.faults.setRate(options.faultRate)
                    (commands, failure) = run.execute(scenario.steps, onFlowStart: scenario.header.onFlowStart,
                                                       onFlowComplete: scenario.header.onFlowComplete)
                    screenshots = run.screenshots
                    if capturesImages { images = run.writtenImages() }
                }
            } catch {
                failure = ScenarioFailure(command: "setup", location: SourceLocation.start(of: scenario.relativePath).description,
                                          message: ScenarioSession.relative(error.message, scenario: scenario), expected: error.expected, actual: error.actual,
                                          traceTail: world.trace.tail(ScenarioFailure.traceTailLength))
                commands = scenario.steps.map { step in
                    CommandResult(command: step.command.summary, location: ScenarioSession.relative(step.description, scenario: scenario),
                                  status: .skipped)
                }
            }
            // The app ends with its run, so that the next run of it on the device finds it gone.
            session?.end()
            processSession?.end()
        }
        if case .installed(let set, let selector) = options.target, let identifier = BundleIdentifier(rawValue: scenario.header.appId) {
            // One run of an app on a device at a time, as on iOS: a second run waits for this one.
            do {
                try set.whileRunningApp(DeviceSelector(selector), bundleIdentifier: identifier, runScenario)
            } catch {
                failure = ScenarioFailure(command: "setup", location: SourceLocation.start(of: scenario.relativePath).description,
                                          message: "\(error)", expected: nil, actual: nil, traceTail: [])
                commands = scenario.steps.map { step in
                    CommandResult(command: step.command.summary, location: ScenarioSession.relative(step.description, scenario: scenario),
                                  status: .skipped)
                }
            }
        } else {
            runScenario()
        }
        let trace = world.trace.events
        let result = ScenarioResult(relativePath: scenario.relativePath, file: scenario.file, name: scenario.header.name,
                              tags: scenario.header.tags, seed: seed, seedSource: source, commands: commands,
                              failure: failure, virtualNanoseconds: world.clock.now.nanosecondsSinceEpoch,
                              hostNanoseconds: hostNanoseconds() &- started, traceDigest: world.trace.digest,
                              traceLineCount: world.trace.events.count, screenshots: screenshots, images: images,
                              faultRate: options.faultRate, replayProgram: replayProgram)
        if case .temporaryDevice = options.target, failure == nil || !keepsFailedDevices {
            try? fileSystem.removeItem(at: folder)
        }
        return (result, trace)
    }
}
