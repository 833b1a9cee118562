import Core
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
    /// The app and device checked.
    public let host: AppHost
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

    public init(host: AppHost) {
        self.host = host
    }

    public var fileSystem: FileSystem { host.device.fileSystem }
    public var containerPath: String { host.device.containerPath }

    /// Runs `checkers` in order and returns the first that finds a problem, or nil when all hold.
    /// Without a list, every checker of the app (``Checker/all(for:)``).
    public func run(_ checkers: [Checker]? = nil) -> CheckFailure? {
        let checkers = checkers ?? Checker.all(for: host.definition)
        runCount += 1
        defer { endRun() }
        let stamp = skipsUnchangedDevice ? DeviceStamp(host: host, checkers: checkers) : nil
        let unchanged = stamp != nil && stamp == lastPassedStamp
        for checker in checkers where !(unchanged && checker.readsDevice) {
            let problems = checker.problems(in: self)
            if !problems.isEmpty { lastPassedStamp = nil; return CheckFailure(checker: checker.name, problems: problems) }
        }
        lastPassedStamp = stamp
        return nil
    }

    /// Closes the run's connections, except that a skipping checkup keeps them for the next run:
    /// opening one parses the store's schema, the largest cost of a checkup that reads a store.
    private func endRun() {
        storesOfThisRun = nil
        if !skipsUnchangedDevice { closeConnections() }
    }

    private func closeConnections() {
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
    public var bundleIdentifier: BundleIdentifier { host.definition.bundleIdentifier }
    public var isAppRunning: Bool { host.state.isRunning }
    public var failedRemovals: Set<String> { host.faults.failedRemovals }
    public func relative(_ path: String) -> String { host.faults.relative(path) }
}
