import Core
import Faults
import Platform
import World

/// The ``AppEnvironment`` one launch of an app gets: the host's seams, queues, notification
/// center and window system, all bound to that process.
///
/// It keeps its process alive (a screen that outlives the app, leaked, can still call it safely);
/// the process keeps only a weak reference back.
final class HostEnvironment: AppEnvironment {
    let process: AppProcess
    let bundleIdentifier: String
    let containerPath: String
    let fileSystem: FileSystem
    /// The process's disk under ``fileSystem``: frozen when the process dies (see ``AppProcess/end(_:)``).
    let disk: ProcessDisk
    let clock: WallClock
    let random: RandomSource
    let launchArguments: [String: String]
    let device: DeviceTraits
    let mainQueue: AppQueue
    private(set) lazy var notificationCenter: AppNotificationCenter = HostNotificationCenter(process: process)
    private(set) lazy var photoLibrary: PhotoLibrary = HostPhotoLibrary(process: process)
    private(set) lazy var imageManager: ImageManager = HostImageManager(process: process)
    private var queues: [String: HostQueue] = [:]

    init(process: AppProcess, arguments: [String: String]) {
        let host = process.host
        self.process = process
        bundleIdentifier = host.definition.bundleIdentifier.rawValue
        containerPath = host.device.containerPath
        disk = host.faults.disk(for: host.device.fileSystem) { [weak process] in process?.requestKill() }
        fileSystem = TracingFileSystem(base: disk, rootPath: host.device.containerPath, trace: host.world.trace)
        clock = host.world.dateClock(epochDate: RuntimeDevice.epochDate)
        random = host.world.streams.stream("app \(host.definition.bundleIdentifier)")
        launchArguments = arguments
        device = host.device.traits
        mainQueue = HostQueue(queue: host.world.scheduler.main, label: "main", process: process)
    }

    var memoryMeter: MemoryMeter { process.meter }
    var screens: ScreenContainer { process }

    func makeQueue(label: String, concurrent: Bool) -> AppQueue {
        if let queue = queues[label] { return queue }
        let queue = HostQueue(queue: process.host.workQueue(label: label, concurrent: concurrent), label: label,
                              process: process)
        queues[label] = queue
        return queue
    }

    func isSourceTypeAvailable(_ sourceType: ImagePickerSourceType) -> Bool {
        sourceType == .camera ? device.hasCamera : true
    }

    var photoLibraryAuthorization: PhotoLibraryAuthorization {
        process.photoLibraryStatus(for: .readWrite)
    }

    func isComposeServiceAvailable(_ serviceType: ComposeServiceType) -> Bool {
        !process.host.device.unavailableComposeServices.contains(serviceType)
    }

    func terminate(_ termination: AppTermination) -> AppTermination {
        process.recordTermination(termination)
        return termination
    }

    func trackLifetime(_ object: AnyObject, kind: String) {
        process.host.world.leakTracker.track(object, kind: kind, owner: process.ownerName)
    }
}

/// An app's handle on one of the world's queues; its work runs only while the app lives.
final class HostQueue: AppQueue {
    let queue: WorkQueue
    let label: String
    private weak var process: AppProcess?

    init(queue: WorkQueue, label: String, process: AppProcess) {
        self.queue = queue
        self.label = label
        self.process = process
    }

    func async(_ label: String, _ body: @escaping () throws -> Void) {
        enqueue(label, barrier: false, delay: nil, body)
    }

    func asyncBarrier(_ label: String, _ body: @escaping () throws -> Void) {
        enqueue(label, barrier: true, delay: nil, body)
    }

    func asyncAfter(delay: Duration, _ label: String, _ body: @escaping () throws -> Void) {
        enqueue(label, barrier: false, delay: delay, body)
    }

    func sync<Result>(_ label: String, _ body: () throws -> Result) throws -> Result {
        guard let process, process.isAlive else { throw AppTermination.fatalError(reason: "sync on a dead app's queue") }
        process.host.releaseHeldWork(on: queue)
        return try process.host.world.scheduler.sync(on: queue, label: label, body)
    }

    func syncBarrier<Result>(_ label: String, _ body: () throws -> Result) throws -> Result {
        guard let process, process.isAlive else { throw AppTermination.fatalError(reason: "sync on a dead app's queue") }
        process.host.releaseHeldWork(on: queue)
        return try process.host.world.scheduler.sync(on: queue, label: label, barrier: true, body)
    }

    private func enqueue(_ label: String, barrier: Bool, delay: Duration?, _ body: @escaping () throws -> Void) {
        guard let process, process.isAlive else { return }
        let scheduler = process.host.world.scheduler
        let work: () throws -> Void = { [weak process] in process?.call { try body() } }
        if delay == nil, process.host.hold(work, on: queue, label: label, barrier: barrier) { return }
        if let delay {
            scheduler.asyncAfter(delay: delay, on: queue, label: label, barrier: barrier, work)
        } else {
            scheduler.async(on: queue, label: label, barrier: barrier, work)
        }
    }
}

/// The app's notification center on the world's observer registry; the registrant is named
/// (`LocationDetailsScreen#1`), never retained.
final class HostNotificationCenter: AppNotificationCenter {
    private let process: AppProcess

    init(process: AppProcess) {
        self.process = process
    }

    func addObserver(forName name: NotificationName, registrant: AnyObject,
                     using handler: @escaping (NotificationName) throws -> Void) -> NotificationObservation {
        let registrantName = process.host.names.name(of: registrant)
        let token = process.host.world.observers.addObserver(forName: name.rawValue, registeredBy: registrantName) {
            [weak process] _ in process?.call { try handler(name) }
        }
        process.observerTokens.append(token)
        return NotificationObservation(id: token.id, name: name)
    }

    func removeObserver(_ observation: NotificationObservation) {
        guard let index = process.observerTokens.firstIndex(where: { $0.id == observation.id }) else { return }
        let token = process.observerTokens.remove(at: index)
        process.host.world.observers.removeObserver(token)
    }

    func post(_ name: NotificationName) throws {
        process.host.world.observers.post(name: name.rawValue, from: process.host.appName)
    }
}
