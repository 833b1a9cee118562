import Core
import DeviceStore
import Platform

/// Runs checkers on one device's app and keeps what they must remember between runs: each app
/// checker's state (``Platform/AppCheckRule``: MyLocations' keeps every photo ID ever seen and
/// which location had it, across relaunches, so a reused ID is caught even after the first owner
/// is gone), and, when ``skipsUnchangedDevice`` is on, the device's ``DeviceStamp`` when the
/// checkers last passed. It is the ``Platform/CheckContext`` app checkers read the device through.
///
/// Reads only: a checkup never writes a file, records nothing in the trace while its rules hold,
/// and never runs the world (the leak check waits for an idle world; see ``Checker/leaks``).
public final class DeviceCheckup {
    /// What is checked: an app on the app host, or an app in its own process with its
    /// container's path as given and resolved, for ``relative(_:)`` (an app on the app host is
    /// answered by its fault layer, whose paths the trace uses).
    enum Subject {
        case host(AppHost)
        case process(AppProcessCheckSubject, RelativePaths)
    }
    let subject: Subject
    /// The app and device checked, when the app runs on the app host; nil for an app in its
    /// own process (``init(process:)``).
    public var host: AppHost? {
        if case .host(let host) = subject { return host }
        return nil
    }
    /// The state of each app checker that ran, by name (``appRule(_:)``).
    var appRules: [String: AppCheckRule] = [:]
    /// Whether checkers that read the disk are skipped while nothing could have changed it since
    /// they last passed (the explorer's setting; off by default, so damage done behind the app's
    /// back, as tests do, is always seen).
    public var skipsUnchangedDevice = false
    /// The device's stamp when every checker last passed, for ``skipsUnchangedDevice``.
    var lastPassedStamp: DeviceStamp?
    /// How many checkups ran (each ``run(_:)`` counts one).
    public private(set) var runCount = 0
    /// Read-only connections opened during one ``run(_:)``, shared by its checkers, closed at its
    /// end (kept open between runs by a checkup that ``skipsUnchangedDevice``).
    var connections: [String: SQLiteDatabase] = [:]
    /// The container's stores, listed once per ``run(_:)``.
    var storesOfThisRun: [String]?

    /// What stays the same for the checked app's whole run: its device's file system, its data
    /// container, the device's photo library and its bundle identifier.
    public let fileSystem: FileSystem
    public let containerPath: String
    let mediaLibrary: MediaLibrary
    public let bundleIdentifier: BundleIdentifier

    public init(host: AppHost) {
        subject = .host(host)
        (fileSystem, containerPath, mediaLibrary) = (host.device.fileSystem, host.device.containerPath, host.device.mediaLibrary)
        bundleIdentifier = host.definition.bundleIdentifier
    }

    /// A checkup of an app in its own process, read from its container and the device's library
    /// between its settled steps.
    public init(process: AppProcessCheckSubject) {
        subject = .process(process, RelativePaths(root: process.containerPath,
                                                  resolvedRoot: try? process.fileSystem.resolvedPath(of: process.containerPath)))
        (fileSystem, containerPath, mediaLibrary) = (process.fileSystem, process.containerPath, process.mediaLibrary)
        bundleIdentifier = process.bundleIdentifier
    }

    /// Runs `checkers` in order and returns the first that finds a problem, or nil when all hold.
    /// Without a list, every checker of the app (``Checker/all(for:)``); for an app process, the
    /// platform's (``Checker/platform``).
    public func run(_ checkers: [Checker]? = nil) -> CheckFailure? {
        let checkers = checkers ?? host.map { Checker.all(for: $0.definition) } ?? Checker.platform
        runCount += 1
        defer { endRun() }
        let stamp: DeviceStamp? = switch subject {
        case _ where !skipsUnchangedDevice: nil
        case .host(let host): DeviceStamp(host: host, checkers: checkers)
        case .process(let process, _): DeviceStamp(process: process, checkers: checkers)
        }
        let unchanged = stamp != nil && stamp == lastPassedStamp
        for checker in checkers where !(unchanged && checker.readsDevice) {
            let problems = checker.problems(in: self)
            if !problems.isEmpty { lastPassedStamp = nil; return CheckFailure(checker: checker.name, problems: problems) }
        }
        lastPassedStamp = stamp
        return nil
    }

    /// Closes the run's connections, except that a skipping checkup keeps them for the next run:
    /// opening one parses the store's schema and reads its pages again, the largest cost of a
    /// checkup that reads a store. An app process's are kept only while it runs: an idle
    /// read-only connection holds no lock and no read mark, so the app's SQLite writes, resets
    /// its write-ahead log and checkpoints as it would alone; but the store's opening (its log's
    /// recovery) and its last close (the checkpoint that removes the log) depend on another
    /// connection being there, so none may be when the app launches or is terminated, or a run
    /// found by exploration would not replay (the session closes them before it terminates the
    /// app, ``closeConnections()``).
    private func endRun() {
        storesOfThisRun = nil
        if !skipsUnchangedDevice || !isAppRunning { closeConnections() }
    }

    /// Closes the read-only connections the checkup keeps between runs.
    public func closeConnections() {
        for connection in connections.values { connection.close() }
        connections = [:]
    }

    deinit {
        closeConnections()
    }

    /// The state of an app checker on this device, made at its first run.
    func appRule(_ checker: AppChecker) -> AppCheckRule {
        if let rule = appRules[checker.name] { return rule }
        let rule = checker.makeState()
        appRules[checker.name] = rule
        return rule
    }

    /// Forgets what app checkers remembered, as when the app's data container was erased (a new
    /// install starts counting photo IDs from 1 again).
    public func containerErased() {
        appRules = [:]
        lastPassedStamp = nil
        closeConnections()
    }
}

extension DeviceCheckup: CheckContext {
    public var isAppRunning: Bool {
        switch subject {
        case .host(let host): host.state.isRunning
        case .process(let process, _): process.isRunning()
        }
    }

    /// The files whose removal an injected fault failed in the running process (for an app
    /// process, read from the fault lines it traced).
    public var failedRemovals: Set<String> {
        switch subject {
        case .host(let host): host.faults.failedRemovals
        case .process(let process, _): process.failedRemovals()
        }
    }

    public func relative(_ path: String) -> String {
        switch subject {
        case .host(let host): host.faults.relative(path)
        case .process(_, let paths): paths.relative(path)
        }
    }
}

/// An app in its own process as a ``DeviceCheckup`` reads it: its data container on disk, the
/// device's media library, and what the app itself answered at its last settled step. The
/// checkup reads the container from outside the process, between steps, with read-only
/// SQLite connections it closes at the end of each run, so the app's own connections and
/// locks are never held across a step.
public struct AppProcessCheckSubject {
    public let bundleIdentifier: BundleIdentifier
    public let containerPath: String
    public let fileSystem: FileSystem
    public let mediaLibrary: MediaLibrary
    /// Whether the process runs now.
    public let isRunning: () -> Bool
    /// The controllers the running app still holds after they left the screen, as of its last
    /// settled step, one sentence each (UIKit's leak tracking, docs/uikit.md); empty while it
    /// is not running.
    public let leaks: () -> [String]
    /// The container-relative paths whose removal an injected fault failed in the running
    /// process, as the app host's `FaultInjector.failedRemovals` (reset for each process).
    public let failedRemovals: () -> Set<String>
    /// Where the container stands (``ContainerState``), for a checkup that skips an unchanged
    /// device; nil when it is not known.
    public let containerState: () -> ContainerState?

    public init(bundleIdentifier: BundleIdentifier, containerPath: String, fileSystem: FileSystem, mediaLibrary: MediaLibrary,
                isRunning: @escaping () -> Bool, leaks: @escaping () -> [String],
                failedRemovals: @escaping () -> Set<String> = { [] }, containerState: @escaping () -> ContainerState? = { nil }) {
        self.failedRemovals = failedRemovals
        self.containerState = containerState
        self.bundleIdentifier = bundleIdentifier
        self.containerPath = containerPath
        self.fileSystem = fileSystem
        self.mediaLibrary = mediaLibrary
        self.isRunning = isRunning
        self.leaks = leaks
    }
}
