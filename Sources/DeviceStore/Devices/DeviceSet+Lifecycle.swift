import Core

extension DeviceSet {
    /// Creates a device: lays out its folders, installs the reference apps, adds the stock
    /// photos, and leaves it `Shutdown`. Apple's `simctl create` takes a device type identifier
    /// or name and an optional runtime (the newest when omitted) and prints the new UDID.
    ///
    /// The record is written in state `Creating` first, so a device interrupted half-way is
    /// listed as unavailable (`creation has not finished`); `erase` finishes it and `delete
    /// unavailable` removes it. A create that fails instead (a full disk) removes what it made.
    /// The name must pass ``DeviceName/problemNaming(_:)``. With `withoutCamera` the device has
    /// no camera, as every device of Apple's Simulator (`simctl create --no-camera`, PhotoSim's);
    /// it keeps that through `erase` and `clone`.
    @discardableResult
    public func create(name: String, deviceType deviceTypeText: String, runtime runtimeText: String?,
                       withoutCamera: Bool = false) throws(DeviceSetError) -> Device {
        if let problem = DeviceName.problemNaming(name) {
            throw .invalidName(name, problem: problem)
        }
        guard let deviceType = catalogue.deviceType(matching: deviceTypeText) else { throw .unknownDeviceType(deviceTypeText) }
        let runtime = try resolveRuntime(runtimeText, for: deviceType)
        guard catalogue.supports(deviceType, on: runtime) else {
            throw .incompatibleRuntime(deviceType: deviceType, runtime: runtime)
        }
        return try withLock(exclusive: true) { () throws(DeviceSetError) -> Device in
            let udid = DeviceUDID(uuid: udidRandom.makeUUID())
            let paths = DevicePaths(setPath: path, udid: udid)
            var record = DeviceRecord(udid: udid, name: name, deviceTypeIdentifier: deviceType.identifier,
                                      runtimeIdentifier: runtime.identifier)
            if withoutCamera { record.withoutCamera = true }
            try createFolder(paths.devicePath)
            do throws(DeviceSetError) {
                try write(record, to: paths)
                try provision(&record)
                record.state = .shutdown
                try write(record, to: paths)
            } catch {
                // A create that fails (a full disk, an unwritable set) leaves no half-made device;
                // only one killed half-way does, listed as `Creating` (see above).
                try? fileSystem.removeItem(at: paths.devicePath)
                throw error
            }
            return Device(record: record, paths: paths, catalogue: catalogue)
        }
    }

    /// A name as the messages show it: in quotes, with control characters escaped.
    static func quoted(_ name: String) -> String {
        VisibleText.quoted(name)
    }

    /// Boots a shut-down device. Booting a booted device fails as Apple's does:
    /// `Unable to boot device in current state: Booted`, exit 149. A device whose type or runtime
    /// is unknown cannot boot either, and the error says so.
    public func boot(_ selector: DeviceSelector) throws(DeviceSetError) {
        try updateDevice(selector) { (record: inout DeviceRecord, device: Device) throws(DeviceSetError) in
            if record.state.isUnfinished, let reason = device.availabilityError {
                throw .unavailable(.boot, reason: reason)
            }
            guard record.state == .shutdown else { throw .wrongState(.boot, state: record.state) }
            if let reason = device.availabilityError { throw .unavailable(.boot, reason: reason) }
            record.state = .booted
            record.lastBootedAt = clock.now
        }
    }

    /// Shuts a booted device down, ending its running apps. Shutting down a device that is not
    /// booted fails: `Unable to shutdown device in current state: Shutdown`, exit 149.
    public func shutdown(_ selector: DeviceSelector) throws(DeviceSetError) {
        try updateDevice(selector) { (record: inout DeviceRecord, _: Device) throws(DeviceSetError) in
            guard record.state == .booted else { throw .wrongState(.shutdown, state: record.state) }
            record.shutDown()
        }
    }

    /// Shuts down every booted device (`simctl shutdown all`); none booted is not an error.
    public func shutdownAll() throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            for device in try devices() where device.state == .booted {
                var record = device.record
                record.shutDown()
                try write(record, to: device.paths)
            }
        }
    }

    /// Erases devices to their just-created contents: data, logs, privacy grants and media are
    /// removed, the reference apps and stock photos installed again, the pid counter reset.
    /// Every device must be shut down, as Apple's requires (`Unable to erase contents and
    /// settings in current state: Booted`); none is touched unless all are. A device named twice
    /// is erased once. A device whose `create` or `erase` was cut short (`Creating`, `Erasing`)
    /// is erased too, which finishes it.
    public func erase(_ selectors: [DeviceSelector]) throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            var named: [Device] = []
            for selector in selectors {
                let device = try device(selector)
                if !named.contains(where: { $0.udid == device.udid }) { named.append(device) }
            }
            try eraseLocked(named)
        }
    }

    /// Erases every device of the set (`simctl erase all`).
    public func eraseAll() throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in try eraseLocked(try devices()) }
    }

    /// Marks each record `Erasing` before its contents go, and `Shutdown` once they are laid
    /// out again, so an erase cut short leaves a device listed as unfinished, not one that looks
    /// sound without its apps and photos.
    private func eraseLocked(_ devices: [Device]) throws(DeviceSetError) {
        for device in devices where device.state != .shutdown && !device.state.isUnfinished {
            throw .wrongState(.erase, state: device.state)
        }
        for device in devices {
            var record = device.record
            record.state = .erasing
            record.installedApplications = []
            record.runningApplications = [:]
            record.nextProcessIdentifier = DeviceRecord.firstProcessIdentifier
            try write(record, to: device.paths)
            try removeItem(device.paths.dataPath)
            try removeItem(device.paths.logPath)
            try provision(&record)
            record.state = .shutdown
            try write(record, to: device.paths)
        }
    }

    /// Deletes devices in any state (a booted device is shut down first, as Apple's does), and
    /// devices whose record cannot be read when named by UDID. All selectors are resolved
    /// before anything is deleted; a device named twice is deleted once. A device folder that is
    /// a symbolic link is refused (``DeviceRecordError/linkedFolder(udid:path:kind:)``) before
    /// anything is deleted, here and in ``deleteUnavailable()`` and ``deleteAll()``: nothing
    /// outside the set is ever touched.
    public func delete(_ selectors: [DeviceSelector]) throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            let scan = try scan()
            var doomed: [DeviceUDID] = []
            for selector in selectors {
                switch try scan.resolve(selector) {
                case .device(let device): doomed.append(device.udid)
                case .unreadable(let udid): doomed.append(udid)
                }
            }
            let udids = Set(doomed).sorted()
            for udid in udids { try requireRealFolder(udid) }
            for udid in udids { try deleteLocked(udid) }
        }
    }

    /// Deletes the devices whose type or runtime is unknown, those whose `create` or `erase`
    /// has not finished, those whose record cannot be read or belongs to another folder, and
    /// folders left by an interrupted delete (`simctl delete unavailable`).
    public func deleteUnavailable() throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            let known = Set(try devices().filter(\.isAvailable).map(\.udid))
            let doomed = try deviceFolderUDIDs().filter { !known.contains($0) }
            for udid in doomed { try requireRealFolder(udid) }
            for udid in doomed { try deleteLocked(udid) }
        }
    }

    /// Deletes every device of the set (`simctl delete all`).
    public func deleteAll() throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            let doomed = try deviceFolderUDIDs()
            for udid in doomed { try requireRealFolder(udid) }
            for udid in doomed { try deleteLocked(udid) }
        }
    }

    /// Removes the record first (the device disappears from listings at once), then the folder.
    /// The folder was checked to be a real one (``requireRealFolder(_:)``) before anything went.
    private func deleteLocked(_ udid: DeviceUDID) throws(DeviceSetError) {
        let paths = DevicePaths(setPath: path, udid: udid)
        try removeItem(paths.recordPath)
        try removeItem(paths.devicePath)
    }

    /// The runtime named, or without a name the newest available one the type runs.
    private func resolveRuntime(_ text: String?, for deviceType: DeviceType) throws(DeviceSetError) -> Runtime {
        guard let text else {
            guard catalogue.newestAvailableRuntime != nil else { throw .noRuntimeAvailable }
            guard let newest = catalogue.newestAvailableRuntime(for: deviceType) else {
                throw .noCompatibleRuntime(deviceType: deviceType)
            }
            return newest
        }
        guard let runtime = catalogue.runtime(matching: text), runtime.isAvailable else { throw .unknownRuntime(text) }
        return runtime
    }
}
