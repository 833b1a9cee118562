import Core

extension DeviceSet {
    /// Creates a device: lays out its folders, installs the reference apps, adds the stock
    /// photos, and leaves it `Shutdown`. Apple's `simctl create` takes a device type identifier
    /// or name and an optional runtime (the newest when omitted) and prints the new UDID.
    ///
    /// The record is written in state `Creating` first, so a device interrupted half-way is
    /// listed as `Creating` and can be deleted.
    @discardableResult
    public func create(name: String, deviceType deviceTypeText: String, runtime runtimeText: String?) throws(SimctlError) -> Device {
        guard !name.isEmpty else { throw .invalidArguments(subcommand: "create", reason: "A device name must not be empty.") }
        guard let deviceType = catalogue.deviceType(matching: deviceTypeText) else { throw .invalidDeviceType(deviceTypeText) }
        let runtime = try resolveRuntime(runtimeText)
        guard catalogue.supports(deviceType, on: runtime) else {
            throw .incompatibleRuntime(deviceType: deviceType.name, runtime: runtime.name)
        }
        return try withLock(exclusive: true) { () throws(SimctlError) -> Device in
            let udid = DeviceUDID(uuid: random.makeUUID())
            var record = DeviceRecord(udid: udid, name: name, deviceTypeIdentifier: deviceType.identifier,
                                      runtimeIdentifier: runtime.identifier)
            try createFolder(DevicePaths(setPath: path, udid: udid).devicePath)
            try write(record)
            try provision(&record)
            record.state = .shutdown
            try write(record)
            return Device(record: record, paths: DevicePaths(setPath: path, udid: udid), catalogue: catalogue)
        }
    }

    /// Boots a shut-down device. Booting a booted device fails as Apple's does:
    /// `Unable to boot device in current state: Booted`, exit 149. A device whose type or runtime
    /// is unknown cannot boot either, and the error says so.
    public func boot(_ selector: String) throws(SimctlError) {
        try updateDevice(selector) { (record: inout DeviceRecord, device: Device) throws(SimctlError) in
            guard record.state == .shutdown else { throw .invalidState(action: "boot device", state: record.state) }
            if let reason = device.availabilityError { throw .unavailableDevice(action: "boot device", reason: reason) }
            record.state = .booted
            record.lastBootedAt = clock.now
        }
    }

    /// Shuts a booted device down, ending its running apps. Shutting down a device that is not
    /// booted fails: `Unable to shutdown device in current state: Shutdown`, exit 149.
    public func shutdown(_ selector: String) throws(SimctlError) {
        try updateDevice(selector) { (record: inout DeviceRecord, _: Device) throws(SimctlError) in
            guard record.state == .booted else { throw .invalidState(action: "shutdown device", state: record.state) }
            record.shutDown()
        }
    }

    /// Shuts down every booted device (`simctl shutdown all`); none booted is not an error.
    public func shutdownAll() throws(SimctlError) {
        try withLock(exclusive: true) { () throws(SimctlError) in
            for device in try devices() where device.state == .booted {
                var record = device.record
                record.shutDown()
                try write(record)
            }
        }
    }

    /// Erases devices to their just-created contents: data, logs, privacy grants and media are
    /// removed, the reference apps and stock photos installed again, the pid counter reset.
    /// Every device must be shut down, as Apple's requires (`Unable to erase contents and
    /// settings in current state: Booted`); none is touched unless all are. A device named twice
    /// is erased once.
    public func erase(_ selectors: [String]) throws(SimctlError) {
        try withLock(exclusive: true) { () throws(SimctlError) in
            var named: [Device] = []
            for selector in selectors {
                let device = try device(selector)
                if !named.contains(where: { $0.udid == device.udid }) { named.append(device) }
            }
            try eraseLocked(named)
        }
    }

    /// Erases every device of the set (`simctl erase all`).
    public func eraseAll() throws(SimctlError) {
        try withLock(exclusive: true) { () throws(SimctlError) in try eraseLocked(try devices()) }
    }

    private func eraseLocked(_ devices: [Device]) throws(SimctlError) {
        for device in devices where device.state != .shutdown {
            throw .invalidState(action: "erase contents and settings", state: device.state)
        }
        for device in devices {
            var record = device.record
            try removeItem(device.paths.dataPath)
            try removeItem(device.paths.logPath)
            record.installedApplications = []
            record.runningApplications = [:]
            record.nextProcessIdentifier = DeviceRecord.firstProcessIdentifier
            try provision(&record)
            try write(record)
        }
    }

    /// Deletes devices in any state (a booted device is shut down first, as Apple's does), and
    /// devices whose record cannot be read when named by UDID. All selectors are resolved
    /// before anything is deleted; a device named twice is deleted once.
    public func delete(_ selectors: [String]) throws(SimctlError) {
        try withLock(exclusive: true) { () throws(SimctlError) in
            let scan = try scan()
            var doomed: [DeviceUDID] = []
            for selector in selectors {
                switch try scan.resolve(selector) {
                case .device(let device): doomed.append(device.udid)
                case .unreadable(let udid): doomed.append(udid)
                }
            }
            for udid in Set(doomed) { try deleteLocked(udid) }
        }
    }

    /// Deletes the devices whose type or runtime is unknown, those whose record cannot be read,
    /// and folders left by an interrupted delete (`simctl delete unavailable`).
    public func deleteUnavailable() throws(SimctlError) {
        try withLock(exclusive: true) { () throws(SimctlError) in
            let known = Set(try devices().filter(\.isAvailable).map(\.udid))
            for udid in try deviceFolderUDIDs() where !known.contains(udid) { try deleteLocked(udid) }
        }
    }

    /// Deletes every device of the set (`simctl delete all`).
    public func deleteAll() throws(SimctlError) {
        try withLock(exclusive: true) { () throws(SimctlError) in
            for udid in try deviceFolderUDIDs() { try deleteLocked(udid) }
        }
    }

    /// Removes the record first (the device disappears from listings at once), then the folder.
    private func deleteLocked(_ udid: DeviceUDID) throws(SimctlError) {
        let paths = DevicePaths(setPath: path, udid: udid)
        try removeItem(paths.recordPath)
        try removeItem(paths.devicePath)
    }

    private func resolveRuntime(_ text: String?) throws(SimctlError) -> Runtime {
        guard let text else {
            guard let newest = catalogue.newestAvailableRuntime else { throw .invalidRuntime("(none available)") }
            return newest
        }
        guard let runtime = catalogue.runtime(matching: text), runtime.isAvailable else { throw .invalidRuntime(text) }
        return runtime
    }
}
