/// What can tell a checkup that nothing the disk-reading checkers look at has changed: the app's
/// change requests to its disk (``FaultInjector/changeRequests``, which counts every write, sync,
/// remove and rename at the seam and inside SQLite), the media library's changes on its own
/// connection, whether the app runs (``Checker/photoFiles`` excuses leftovers while it does not),
/// and the checkers asked for. Counted, never read from file times, so one seed skips the same
/// checks on every run.
struct DeviceStamp: Equatable {
    let faultLayer: ObjectIdentifier
    let diskChangeRequests: Int
    let isRunning: Bool
    let library: ObjectIdentifier
    let libraryChanges: Int?
    let checkers: [String]

    init(host: AppHost, checkers: [Checker]) {
        faultLayer = ObjectIdentifier(host.faults)
        diskChangeRequests = host.faults.changeRequests
        isRunning = host.state.isRunning
        library = ObjectIdentifier(host.device.mediaLibrary)
        libraryChanges = host.device.mediaLibrary.changesOnItsConnection()
        self.checkers = checkers.map(\.name)
    }
}
