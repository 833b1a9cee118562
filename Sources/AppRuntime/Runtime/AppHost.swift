import Core
import Faults
import Platform
import World

/// Runs one app on one device inside a ``World``: launches, lifecycle, the screen stack, the
/// system pickers and prompts, memory and leaks, and a driver that taps and types like a user.
///
/// Each driver step runs the app's work until the world is idle (and timers due within
/// ``settleWindow`` have fired), so the next step sees the result. Failures name what is on
/// screen.
///
/// ```swift
/// let world = World(seed: 7)
/// let device = try RuntimeDevice.temporary(deviceType: "iPhone 15", folder: tmp, definition: MyLocations.definition, world: world)
/// let host = AppHost(definition: MyLocations.definition, device: device, world: world)
/// try host.launch()
/// try host.tap("Tag Location")
/// try host.tap("Add Photo")
/// try host.tap("Choose From Library")
/// try host.pickPhoto(index: 0)
/// try host.tap("Done")
/// ```
public final class AppHost {
    let context: HostContext
    /// The current (or last) launch.
    public private(set) var process: AppProcess?
    /// How far virtual time may run ahead in a step to fire pending timers (item-provider loads).
    public var settleWindow: Duration = .seconds(10)
    private var launchCount = 0

    /// - Parameter memoryLimitBytes: overrides the device type's jetsam limit.
    public init(definition: AppDefinition, device: RuntimeDevice, world: World, memoryLimitBytes: Int? = nil) {
        context = HostContext(world: world, device: device, definition: definition,
                              memoryLimitBytes: memoryLimitBytes ?? device.deviceType.jetsamLimitBytes)
    }

    public var world: World { context.world }
    public var device: RuntimeDevice { context.device }
    public var definition: AppDefinition { context.definition }
    public var trace: Trace { context.world.trace }

    /// The jetsam limit apps are held to.
    public var memoryLimitBytes: Int {
        get { context.memoryLimitBytes }
        set { context.memoryLimitBytes = newValue }
    }

    /// Overrides the size of the photos the camera takes (default: the device type's camera).
    public var cameraPhotoSize: (width: Int, height: Int)? {
        get { context.cameraPhotoSize }
        set { context.cameraPhotoSize = newValue }
    }

    /// The app's fault layer: inject file-system faults, set a seeded fault rate, arm crash
    /// points, kill after a trace event (docs/faults.md).
    public var faults: FaultInjector { context.faults }

    /// The app's state (`notRunning` before the first launch).
    public var state: AppRunState { process?.state ?? .notRunning }

    // MARK: - Lifecycle

    /// Launches the app (a new process) or, when it runs in the background, brings it to the front.
    /// A new process then gets the device's pending notifications (``deliverPendingNotifications()``).
    public func launch(arguments: [String: String] = [:]) throws(RuntimeError) {
        if let process, process.state == .background { return try activate() }
        if let process, process.state.isRunning { return }
        launchCount += 1
        let process = AppProcess(context: context, number: launchCount)
        self.process = process
        process.start(arguments: arguments)
        try settle()
        try deliverPendingNotifications()
    }

    /// The home button: willResignActive, then didEnterBackground (IOS-FACTS §3).
    public func pressHome() throws(RuntimeError) {
        let process = try activeProcess()
        process.enqueueBackground()
        try settle()
    }

    /// Back to the foreground: willEnterForeground, then didBecomeActive (IOS-FACTS §3).
    public func activate() throws(RuntimeError) {
        guard let process, process.state == .background else {
            throw .appNotRunning(state: state.description)
        }
        process.enqueueForeground()
        try settle()
    }

    /// Graceful termination: to the background first if active, then willTerminate.
    public func terminate() throws(RuntimeError) {
        guard let process, process.state.isRunning else { throw .appNotRunning(state: state.description) }
        process.enqueueTermination()
        try settle()
    }

    /// Kills the process with no notification; the next launch starts from what is on disk.
    public func kill() throws(RuntimeError) {
        guard let process, process.state.isRunning else { throw .appNotRunning(state: state.description) }
        process.end(.killed)
        try settle()
    }

    /// As the Simulator's Debug > Simulate Memory Warning: the app delegate, observers and every
    /// live screen hear it (IOS-FACTS §4).
    public func simulateMemoryWarning() throws(RuntimeError) {
        guard let process, process.state.isRunning else { throw .appNotRunning(state: state.description) }
        process.enqueueMemoryWarning(reason: "simulated")
        try settle()
    }

    // MARK: - Memory and leaks

    /// The current process's footprint in bytes (decoded bitmaps and caches).
    public var memoryFootprintBytes: Int { process?.meter.footprintBytes ?? 0 }

    /// What the app's caches hold: its counted footprint (decoded images and caches) less the
    /// images the screen shows now, each bitmap counted once. Zero once a memory warning has
    /// emptied every cache.
    public var heldOffScreenBytes: Int {
        var shown = Set<ObjectIdentifier>(), onScreen = 0
        for element in visibleElements {
            guard let bitmap = element.image?.bitmap, shown.insert(ObjectIdentifier(bitmap)).inserted else { continue }
            onScreen += bitmap.byteCount
        }
        return max(0, memoryFootprintBytes - onScreen)
    }
    /// The highest footprint of the current process.
    public var peakMemoryFootprintBytes: Int { process?.meter.peakFootprintBytes ?? 0 }

    /// Objects that outlived their owner (a closed screen, an ended app), with what retains each.
    /// Terminal when it reports leaks (see ``LeakTracker``).
    public func leaks() throws(RuntimeError) -> [Leak] {
        try settle()
        return world.leakTracker.leaks()
    }

    // MARK: - Running the world

    /// Runs queued work until idle, firing timers due within ``settleWindow``.
    public func settle() throws(RuntimeError) {
        let scheduler = world.scheduler
        do {
            process?.endIfKilled()
            try scheduler.runUntilIdle()
            process?.endIfKilled()
            let horizon = scheduler.clock.now.advanced(by: settleWindow)
            while let next = scheduler.nextTimerDeadline, next <= horizon {
                try scheduler.advance(to: next)
            }
            try render()
        } catch {
            throw .world(error)
        }
    }

    /// Draws the top screen, as the display would after each step: its elements are computed
    /// (thumbnails made, images decoded), and memory that drawing needs is counted. Work the
    /// drawing queues runs too.
    private func render() throws(WorldFailure) {
        guard let process, process.isAlive else { return }
        _ = process.visibleElements
        try world.scheduler.runUntilIdle()
    }

    func activeProcess() throws(RuntimeError) -> AppProcess {
        guard let process, process.state == .active else { throw .appNotRunning(state: state.description) }
        return process
    }
}
