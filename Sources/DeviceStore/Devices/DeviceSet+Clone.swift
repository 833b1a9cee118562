import Core
import Foundation

extension DeviceSet {
    /// Copies a shut-down device under a new UDID and name (`simctl clone <device> <new name>`),
    /// with its media library, apps, containers and privacy answers; returns the copy.
    ///
    /// CoreSimulator clones by copying the device folder, so the copy keeps the source's container
    /// UUIDs (each app's paths differ only by the device folder); so does PhotoSim. A booted
    /// source is refused in Apple's pattern for a wrong state (`Unable to clone device in current
    /// state: Booted`; the exact words for `clone` were not found in public material).
    ///
    /// No writable file is ever shared between the two devices: SQLite databases, property lists,
    /// JSON and logs are copied byte for byte; only files nobody writes to, photos in
    /// `Media/DCIM` and non-plist files of app bundles (`Containers/Bundle`), are hard-linked when
    /// the file system allows (else copied). The copy is written in state `Creating` first, so a
    /// clone cut short is listed as unfinished; on an error the partial copy is removed.
    @discardableResult
    public func clone(_ selector: DeviceSelector, name: String) throws(DeviceSetError) -> Device {
        if let problem = DeviceName.problemNaming(name) { throw .invalidName(name, problem: problem) }
        return try withLock(exclusive: true) { () throws(DeviceSetError) -> Device in
            let source = try device(selector)
            if source.state.isUnfinished, let reason = source.availabilityError { throw .unavailable(.clone, reason: reason) }
            guard source.state == .shutdown else { throw .wrongState(.clone, state: source.state) }
            let udid = DeviceUDID(uuid: udidRandom.makeUUID())
            let paths = DevicePaths(setPath: path, udid: udid)
            var record = source.record
            record.udid = udid
            record.name = name
            record.state = .creating
            record.lastBootedAt = nil
            try createFolder(paths.devicePath)
            do throws(DeviceSetError) {
                try write(record, to: paths)
                try copyDeviceContents(from: source.paths, to: paths)
                record.state = .shutdown
                try write(record, to: paths)
            } catch {
                try? fileSystem.removeItem(at: paths.devicePath)
                throw error
            }
            return Device(record: record, paths: paths, catalogue: catalogue)
        }
    }

    /// Copies the data and log folders, then points the copied installation log at the copy.
    private func copyDeviceContents(from source: DevicePaths, to destination: DevicePaths) throws(DeviceSetError) {
        try copyTree(source.dataPath, to: destination.dataPath)
        try copyTree(source.logPath, to: destination.logPath)
        if let log = try readFileIfPresent(destination.installationLogPath) {
            let text = String(decoding: log, as: UTF8.self)
                .replacingOccurrences(of: source.devicePath + "/", with: destination.devicePath + "/")
            try writeFile(Data(text.utf8), to: destination.installationLogPath)
        }
    }

    /// Copies a folder and everything below it; a symbolic link or special file is refused by path.
    private func copyTree(_ sourcePath: String, to destinationPath: String) throws(DeviceSetError) {
        let status: FileStatus?
        do { status = try fileSystem.statusOfItem(at: sourcePath) } catch { throw .fileSystem(error) }
        guard let status else { return }
        switch status.kind {
        case .directory:
            try createFolder(destinationPath)
            let names: [String]
            do { names = try fileSystem.contentsOfDirectory(at: sourcePath) } catch { throw .fileSystem(error) }
            for name in names {
                try copyTree(sourcePath.appendingPathComponent(name), to: destinationPath.appendingPathComponent(name))
            }
        case .regularFile:
            try copyFile(sourcePath, to: destinationPath)
        default:
            throw .fileSystem(.notRegularFile(path: sourcePath, kind: status.kind))
        }
    }

    /// Hard-links an immutable file where possible, otherwise copies it.
    private func copyFile(_ sourcePath: String, to destinationPath: String) throws(DeviceSetError) {
        if DeviceSet.isImmutable(sourcePath), let linker = fileSystem as? FileLinking {
            do {
                try linker.linkItem(at: sourcePath, to: destinationPath)
                return
            } catch {
                // Another file system or links not allowed: copy below.
            }
        }
        let data: Data
        do { data = try fileSystem.contents(of: sourcePath) } catch { throw .fileSystem(error) }
        try writeFile(data, to: destinationPath)
    }

    /// Files no command writes to after they are made: photos in `Media/DCIM` and the non-plist
    /// files of app bundles.
    static func isImmutable(_ filePath: String) -> Bool {
        if filePath.contains("/data/Media/DCIM/") { return true }
        return filePath.contains("/data/Containers/Bundle/") && !filePath.hasSuffix(".plist")
    }
}
