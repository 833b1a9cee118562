/// What can tell a checkup that nothing the disk-reading checkers look at has changed: the
/// changes made to the app's disk (below), the media library's changes on its own connection,
/// whether the app runs (``Checker/photoFiles`` excuses leftovers while it does not), and the
/// checkers asked for. Counted, never read from file times, so one seed skips the same checks
/// on every run.
struct DeviceStamp: Equatable {
    /// The changes made to the app's disk: on the app host, its change requests at the seam
    /// (``FaultInjector/changeRequests``, which counts every write, sync, remove and rename and
    /// those inside SQLite) on that fault layer; for an app in its own process, its
    /// ``ContainerState``.
    enum Disk: Equatable {
        case host(faultLayer: ObjectIdentifier, changeRequests: Int)
        case process(ContainerState)
    }

    let disk: Disk
    let isRunning: Bool
    let library: ObjectIdentifier
    let libraryChanges: Int?
    let checkers: [String]

    init(host: AppHost, checkers: [Checker]) {
        disk = .host(faultLayer: ObjectIdentifier(host.faults), changeRequests: host.faults.changeRequests)
        isRunning = host.state.isRunning
        library = ObjectIdentifier(host.device.mediaLibrary)
        libraryChanges = host.device.mediaLibrary.changesOnItsConnection()
        self.checkers = checkers.map(\.name)
    }

    /// The stamp of an app in its own process, or nil when its container's changes are not
    /// known (an app built against a UIKit that does not count them): then nothing is skipped.
    init?(process: AppProcessCheckSubject, checkers: [Checker]) {
        guard let state = process.containerState() else { return nil }
        disk = .process(state)
        isRunning = process.isRunning()
        library = ObjectIdentifier(process.mediaLibrary)
        libraryChanges = process.mediaLibrary.changesOnItsConnection()
        self.checkers = checkers.map(\.name)
    }
}

/// Where an app process's data container stands, counted: which launch of the app this is, the
/// changes its process made to the container (UIKit's count of its file calls there, from
/// the last settled step), and the changes the simulator made to it itself (a scenario's
/// `deleteFile`, `clearState`, a fixture copied in). Two equal states mean the container holds
/// the same files with the same contents.
public struct ContainerState: Equatable, Sendable {
    public var launch: Int
    public var processChanges: Int
    public var simulatorChanges: Int

    public init(launch: Int, processChanges: Int, simulatorChanges: Int) {
        self.launch = launch
        self.processChanges = processChanges
        self.simulatorChanges = simulatorChanges
    }
}
