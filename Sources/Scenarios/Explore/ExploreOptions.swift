import DeviceStore
import Simulator

/// What to explore and how far: the app and its variant, the first seed, the event budget, the
/// device type, where to write shrunk scenarios, and the checkers.
public struct ExploreOptions: Sendable {
    /// The app under test (bundle id).
    public var appId: String
    /// The first run's seed; run `k` uses `seed + k`.
    public var seed: UInt64
    /// Events to draw in all, over every run.
    public var steps: Int
    /// Events per run: each run starts from a fresh device.
    public var eventsPerRun: Int
    /// The device type of every run.
    public var device: String
    /// Whether the devices have their type's cameras (`--no-camera` makes them without, as
    /// Apple's Simulator is).
    public var hasCamera: Bool
    /// Passed to every launch (the app's variant: `strongObserver=true`).
    public var launchArguments: [LaunchArgument]
    /// Where shrunk scenarios and their media are written.
    public var outputFolder: String
    /// Where temporary devices are made (one folder per run, removed afterwards).
    public var workFolder: String
    /// The checkers run after every event: by default every checker of the app.
    public var checkers: CheckerSelection
    /// The most reruns shrinking one failure may take.
    public var maximumShrinkRuns: Int
    /// An app built against UIKit (`--app`), explored in its own process instead of the
    /// in-process app; its bundle identifier is ``appId``.
    public var appBundle: AppBundle?

    public init(appId: String, seed: UInt64 = 0, steps: Int = 1_000, eventsPerRun: Int = 100,
                device: String = ScenarioHeader.defaultDevice, hasCamera: Bool = true, launchArguments: [LaunchArgument] = [],
                outputFolder: String, workFolder: String, checkers: CheckerSelection = .all,
                maximumShrinkRuns: Int = 2_000) {
        self.appId = appId
        self.seed = seed
        self.steps = steps
        self.eventsPerRun = eventsPerRun
        self.device = device
        self.hasCamera = hasCamera
        self.launchArguments = launchArguments
        self.outputFolder = outputFolder
        self.workFolder = workFolder
        self.checkers = checkers
        self.maximumShrinkRuns = maximumShrinkRuns
    }
}
