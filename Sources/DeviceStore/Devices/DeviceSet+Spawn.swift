import Core
import Foundation

extension DeviceSet {
    /// The Darwin notification the Simulator's Debug > Simulate Memory Warning posts; an app
    /// running on the device receives it as a memory warning.
    public static let simulatedMemoryWarningNotification = "UISimulatedMemoryWarningNotification"

    /// Runs `executable` with `arguments` on a booted device, as `simctl spawn` does. PhotoSim's
    /// device has one executable, `notifyutil` (`/usr/bin/notifyutil`), and of it only
    /// `-p <name>` (given one or more times), which posts Darwin notifications: each is queued for
    /// the device in `data/PhotoSim/notifications.json`, and the app runtime delivers the queue
    /// after the next launch on the device (``AppHost/launch(arguments:)``). Any other executable is
    /// ``SpawnError/executableNotFound(_:)``, as Apple's POSIX "No such file or directory".
    public func spawn(_ selector: DeviceSelector, executable: String, arguments: [String]) throws(DeviceSetError) {
        guard ["notifyutil", "/usr/bin/notifyutil"].contains(executable) else { throw .spawn(.executableNotFound(executable)) }
        let names = try DeviceSet.notificationNames(notifyutilArguments: arguments)
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            let device = try device(selector)
            guard device.state == .booted else { throw .wrongState(.appLookup, state: device.state) }
            let pending = try readPendingNotifications(device)
            try writePendingNotifications(pending + names, paths: device.paths)
        }
    }

    /// The notifications posted on the device that no app run has taken yet, oldest first.
    public func pendingNotifications(_ selector: DeviceSelector) throws(DeviceSetError) -> [String] {
        try readPendingNotifications(try device(selector))
    }

    /// Takes the device's pending notifications, oldest first, leaving none: what an app run
    /// on the device is delivered.
    public func takePendingNotifications(_ selector: DeviceSelector) throws(DeviceSetError) -> [String] {
        // Nothing pending (the usual case): no lock, so a read-only set still runs apps.
        guard !(try pendingNotifications(selector)).isEmpty else { return [] }
        return try withLock(exclusive: true) { () throws(DeviceSetError) -> [String] in
            let device = try device(selector)
            let pending = try readPendingNotifications(device)
            if !pending.isEmpty { try removeItem(device.paths.pendingNotificationsPath) }
            return pending
        }
    }

    /// The names of `notifyutil -p <name> [-p <name>...]`; any other option is refused.
    static func notificationNames(notifyutilArguments arguments: [String]) throws(DeviceSetError) -> [String] {
        var names: [String] = []
        var index = 0
        while index < arguments.count {
            guard arguments[index] == "-p" else { throw .spawn(.unsupportedNotifyutilOption(arguments[index])) }
            guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else { throw .spawn(.missingNotificationName) }
            names.append(arguments[index + 1])
            index += 2
        }
        guard !names.isEmpty else { throw .spawn(.missingNotificationName) }
        return names
    }

    private func readPendingNotifications(_ device: Device) throws(DeviceSetError) -> [String] {
        let path = device.paths.pendingNotificationsPath
        guard let data = try readFileIfPresent(path) else { return [] }
        do {
            return try JSONDecoder().decode([String].self, from: data)
        } catch {
            throw .record(.unreadable(udid: device.udid, path: path, reason: DeviceRecord.explain(error, data: data)))
        }
    }

    private func writePendingNotifications(_ names: [String], paths: DevicePaths) throws(DeviceSetError) {
        try createFolder(paths.photoSimStatePath)
        try writeFile(DeviceSet.encodedState(names), to: paths.pendingNotificationsPath)
    }
}

extension DevicePaths {
    /// Darwin notifications posted with `simctl spawn <device> notifyutil -p`, waiting for an app run.
    var pendingNotificationsPath: String { photoSimStatePath.appendingPathComponent("notifications.json") }
}
