import Core
import Faults
import Foundation
import Platform
import World

/// What every launch of one app on one device shares: the world, the device, the app's
/// definition, object names and the app's queues (reused by label across launches, since the
/// world's queue labels are unique).
final class HostContext {
    let world: World
    let device: RuntimeDevice
    let definition: AppDefinition
    let names = ObjectNames()
    var memoryLimitBytes: Int
    /// The camera's photo size, when a test overrides the device type's.
    var cameraPhotoSize: (width: Int, height: Int)?
    /// An image file the camera takes next instead of a synthetic photo (``AppHost/takePhoto(imageData:)``).
    var injectedCameraImage: Data?
    private var queues: [String: WorkQueue] = [:]
    /// Background work held back while the driver holds it (``AppHost/holdingBackgroundWork(_:)``),
    /// in enqueue order; nil when nothing is held.
    var heldWork: [HeldWork]?
    /// The app's fault layer: injected faults, crash points, kills at a trace event.
    private(set) lazy var faults = FaultInjector(trace: world.trace, streams: world.streams,
                                                 containerPath: device.containerPath, fileSystem: device.fileSystem,
                                                 appName: appName)

    init(world: World, device: RuntimeDevice, definition: AppDefinition, memoryLimitBytes: Int) {
        self.world = world
        self.device = device
        self.definition = definition
        self.memoryLimitBytes = memoryLimitBytes
    }

    /// The app's short name in the trace (the last part of its bundle identifier).
    var appName: String {
        let identifier = definition.bundleIdentifier.rawValue
        return String(identifier.split(separator: ".").last ?? Substring(identifier))
    }

    /// The world queue behind an app queue label, made on first use as `<app>.<label>`.
    func workQueue(label: String, concurrent: Bool) -> WorkQueue {
        if let queue = queues[label] { return queue }
        let queue = world.scheduler.makeQueue(label: "\(appName).\(label)", kind: concurrent ? .concurrent : .serial)
        queues[label] = queue
        return queue
    }
}
