import Core
import Foundation
import Platform
import Simulator

/// One run of one scenario: its world, device and app host, and what the run has seen so far
/// (the notification checkpoint, screenshot requests).
final class ScenarioSession: StepRunning {
    let scenario: Scenario
    let world: World
    let device: RuntimeDevice
    let host: AppHost
    let fileSystem: FileSystem
    let defaultTolerance: Int
    /// The trace line after the last `assertNotifications`.
    var notificationCheckpoint = 0
    /// The text `copyTextFrom` copied last, which `pasteText` types.
    var copiedText: String?
    /// The run's JavaScript, made when a step first runs a script.
    lazy var scripts = ScenarioScripts(world: world)
    private(set) var screenshots: [ScreenshotRequest] = []
    /// Draw screenshots (and later thumbnail written images) for the HTML report.
    var capturesImages = false
    /// Where `takeScreenshot` writes `<path>.png` (``ScenarioRunner/screenshotsFolder``).
    var screenshotsFolder: String?
    /// Commands brought by commands read again as they ran (``StepRunning/resolvedCommandCount``).
    var resolvedCommandCount = 0
    /// When the last command that acted on the device ended (``StepRunning/lastInteraction``).
    var lastInteraction = VirtualInstant(nanosecondsSinceEpoch: 0)
    /// The checkers run after every relaunch and at the end (docs/explore.md); none to skip.
    var checkers: [Checker] = []
    /// The checkers' memory of this device (photo IDs seen), across relaunches.
    lazy var checkup = DeviceCheckup(host: host)

    init(scenario: Scenario, world: World, device: RuntimeDevice, host: AppHost, fileSystem: FileSystem,
         defaultTolerance: Int) {
        self.scenario = scenario
        self.world = world
        self.device = device
        self.host = host
        self.fileSystem = fileSystem
        self.defaultTolerance = defaultTolerance
    }

    func stepFailure(from error: Error) -> StepFailure {
        if let error = error as? RuntimeError { return StepFailure(error.description) }
        return StepFailure("\(error)")
    }

    /// `text` with the suite folder's path (and its slash) taken out.
    static func relative(_ text: String, scenario: Scenario) -> String {
        guard scenario.file.hasSuffix(scenario.relativePath) else { return text }
        let root = String(scenario.file.dropLast(scenario.relativePath.count))
        return root.isEmpty ? text : text.replacingOccurrences(of: root, with: "")
    }

    /// Ends the run: an app still running is killed, without a notification (nothing of it is
    /// traced or checked any more), so its process lets go of the world and the device it holds
    /// through the world's queues and observers, and all three are freed. A run that left the
    /// app running would otherwise keep them (some hundreds of KB) for as long as the process
    /// lives: memory growing with every run of `--repeat` or of an exploration.
    func end() {
        guard host.state.isRunning else { return }
        try? host.kill()
    }

    func pictureOfFailure(at step: ScenarioStep) {
        if capturesImages { try? recordScreenshot(named: ScreenshotRequest.failureName, at: step, isFailurePicture: true) }
    }

    /// Notes a `takeScreenshot` request with what is on screen now, and writes its picture into
    /// ``screenshotsFolder`` when there is one (``ScreenshotFile``); the picture stays in the
    /// result only for a report (``capturesImages``).
    func recordScreenshot(named name: String, at step: ScenarioStep, isFailurePicture: Bool = false) throws(StepFailure) {
        let file = try ScreenshotFile(named: name, in: screenshotsFolder, isFailurePicture: isFailurePicture)
        let png = capturesImages || file != nil ? try? host.screenshotPNG() : nil
        screenshots.append(ScreenshotRequest(name: name, location: location(of: step), screen: host.visibleScreenName,
                                             elements: host.visibleElements.map(\.summary), png: capturesImages ? png : nil))
        try file?.write(png)
    }
}
