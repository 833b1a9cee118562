import Core
import Foundation
import Platform
import World

/// A folder of simulated devices that separate processes share: the logic behind every
/// `simctl` subcommand.
///
/// Each device is a folder `<set>/<UDID>` (see ``DevicePaths``). Every read-modify-write of a
/// device record happens under an exclusive `flock` on `<set>/.lock`, so two invocations never
/// lose each other's changes; long media imports hold the lock shared, which keeps `erase` and
/// `delete` out while letting other imports run beside them. Time, identifiers and files come
/// only from the seams passed in.
///
/// ```swift
/// let set = DeviceSet(path: "/tmp/devices", fileSystem: POSIXFileSystem(),
///                     clock: ManualClock(now: Date(timeIntervalSince1970: 0)), random: SplitMix64(seed: 1))
/// let phone = try set.create(name: "Test Phone", deviceType: "iPhone 15", runtime: nil)
/// try set.boot(.udid(phone.udid))
/// let pid = try set.launch(.booted, bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"))
/// ```
public final class DeviceSet {
    /// The set's folder.
    public let path: String
    public let catalogue: DeviceCatalogue
    package let fileSystem: FileSystem
    let clock: WallClock
    /// Where new UDIDs, app container identifiers and media-library identifiers are drawn from:
    /// one named stream each (``SeedStreams``), so drawing more of one never shifts the others
    /// (adding a photo does not change the next device's UDID).
    let udidRandom: RandomSource
    let containerRandom: RandomSource
    let mediaRandom: RandomSource
    /// How the set's lock waits, and for how long at most.
    let lockWaiting: LockWaiting
    let lockTimeoutSeconds: Double
    /// What this process is, as other processes waiting for the lock are told (`simctl boot`).
    let processName: String
    /// The apps every new or erased device comes with, installed in this order (simctl's are the
    /// reference apps; a set for a team's own runner may have others, or none).
    public let apps: [AppDefinition]

    /// How long a call waits for the set's lock unless told otherwise.
    public static let defaultLockTimeoutSeconds = 10.0

    /// - Parameters:
    ///   - lockWaiting: pauses between attempts to take the set's lock; the default's time is
    ///     virtual (no real waiting), so a lock held elsewhere fails fast. The command line passes
    ///     a live one.
    ///   - lockTimeoutSeconds: how long to wait for the lock before failing with the holder's name.
    ///   - processName: how this process is named to others waiting for the lock.
    ///   - apps: the apps a new or erased device comes with (``apps``), sorted by bundle identifier
    ///     when installed.
    public init(path: String, catalogue: DeviceCatalogue = .standard, fileSystem: FileSystem, clock: WallClock,
                random: RandomSource, lockWaiting: LockWaiting = VirtualLockWaiting(),
                lockTimeoutSeconds: Double = DeviceSet.defaultLockTimeoutSeconds, processName: String = "simctl",
                apps: [AppDefinition] = []) {
        precondition(lockTimeoutSeconds >= 0 && lockTimeoutSeconds.isFinite, "a lock timeout is a finite number of seconds")
        self.path = path
        self.catalogue = catalogue
        self.fileSystem = fileSystem
        self.clock = clock
        let streams = SeedStreams(seed: random.nextUInt64())
        self.udidRandom = streams.stream("udids")
        self.containerRandom = streams.stream("containers")
        self.mediaRandom = streams.stream("media")
        self.lockWaiting = lockWaiting
        self.lockTimeoutSeconds = lockTimeoutSeconds
        self.processName = processName
        self.apps = apps.sorted { $0.bundleIdentifier < $1.bundleIdentifier }
    }

    // MARK: - Reading

    /// Every device of the set, sorted by name then UDID. A folder without a `device.json`
    /// (interrupted half-way through `delete`) is skipped, and so is one whose record cannot be
    /// read (``listing(section:searchTerm:)`` reports those): one damaged device never hides the others.
    public func devices() throws(DeviceSetError) -> [Device] { try scan().devices }

    /// The device a selector names: `booted` (the first booted device in sorted order, as
    /// Apple's "will choose one of them"), a UDID in any case, or an exact name (the first in
    /// sorted order when several devices share it, as for `booted`). A UDID whose record cannot
    /// be read fails with that record's error.
    public func device(_ selector: DeviceSelector) throws(DeviceSetError) -> Device {
        let scan = try scan()
        switch try scan.resolve(selector) {
        case .device(let device): return device
        case .unreadable(let udid): throw .record(scan.unreadable[udid]!)
        }
    }

    /// The devices of the set and the records that could not be read.
    package struct Scan {
        package var devices: [Device] = []
        package var unreadable: [DeviceUDID: DeviceRecordError] = [:]

        enum Resolution { case device(Device), unreadable(DeviceUDID) }

        func resolve(_ selector: DeviceSelector) throws(DeviceSetError) -> Resolution {
            switch selector {
            case .booted:
                guard let booted = devices.first(where: { $0.state == .booted }) else { throw .noDevicesBooted }
                return .device(booted)
            case .udid(let udid):
                if let device = devices.first(where: { $0.udid == udid }) { return .device(device) }
                if unreadable[udid] != nil { return .unreadable(udid) }
                throw .deviceNotFound(selector)
            case .name(let name):
                guard let device = devices.first(where: { $0.name == name }) else { throw .deviceNotFound(selector) }
                return .device(device)
            }
        }
    }

    /// Reads every record of the set; a record that cannot be read, is damaged, or belongs to
    /// another folder (a copied device folder) is set aside with its error.
    package func scan() throws(DeviceSetError) -> Scan {
        var scan = Scan()
        for udid in try deviceFolderUDIDs() {
            let paths = DevicePaths(setPath: path, udid: udid)
            do {
                try requireRealFolder(udid)
                guard let record = try readRecord(udid) else { continue }
                scan.devices.append(Device(record: record, paths: paths, catalogue: catalogue))
            } catch .record(let damage) {
                scan.unreadable[udid] = damage
            } catch {
                throw error
            }
        }
        scan.devices.sort { ($0.name, $0.udid) < ($1.name, $1.udid) }
        return scan
    }

    /// Refuses a device folder that is a symbolic link or not a folder at all: everything under
    /// `<set>/<UDID>` would otherwise be read, written and deleted wherever the link leads.
    func requireRealFolder(_ udid: DeviceUDID) throws(DeviceSetError) {
        let devicePath = DevicePaths(setPath: path, udid: udid).devicePath
        let status: FileStatus?
        do { status = try fileSystem.statusOfItem(at: devicePath) } catch { throw .fileSystem(error) }
        guard let status, status.kind != .directory else { return }
        throw .record(.linkedFolder(udid: udid, path: devicePath, kind: status.kind))
    }

    /// The UDID-named folders of the set, sorted; none when the set does not exist yet.
    /// A set below a file (`--set /etc/passwd/x`) is an error, not an empty set.
    func deviceFolderUDIDs() throws(DeviceSetError) -> [DeviceUDID] {
        do {
            return try fileSystem.contentsOfDirectory(at: path).compactMap { name in
                DeviceUDID(name).flatMap { $0.rawValue == name ? $0 : nil }
            }
        } catch .notFound {
            return []
        } catch {
            throw unusableSet(error)
        }
    }

    /// The error for a set folder that cannot be read, created or locked, saying why in words.
    func unusableSet(_ error: FileSystemError) -> DeviceSetError {
        let reason: String
        switch error {
        case .failed(_, _, ENOTDIR), .failed(_, _, EEXIST):
            reason = fileSystem.fileExists(at: path) ? "it is a file, not a folder" : "a folder above it is a file"
        case .permissionDenied(let deniedPath):
            reason = "permission denied on \(deniedPath)"
        default:
            reason = error.description
        }
        return .unusableSet(path: path, reason: reason)
    }

    // MARK: - Records

    /// Reads the record in a device folder and checks every field; `nil` when the file does not
    /// exist. A record that cannot be decoded or has a damaged field is
    /// ``DeviceRecordError/unreadable(udid:path:reason:)``; one that names another UDID than
    /// its folder is ``DeviceRecordError/misplaced(folder:recordUDID:path:)``.
    func readRecord(_ udid: DeviceUDID) throws(DeviceSetError) -> DeviceRecord? {
        let recordPath = DevicePaths(setPath: path, udid: udid).recordPath
        guard let data = try readFileIfPresent(recordPath) else { return nil }
        do {
            return try DeviceRecord.decode(data, folder: udid, path: recordPath)
        } catch {
            throw .record(error)
        }
    }

    /// Writes a record atomically into its own device's folder.
    func write(_ record: DeviceRecord) throws(DeviceSetError) {
        try write(record, to: DevicePaths(setPath: path, udid: record.udid))
    }

    /// Writes a record atomically into the device folder `paths` names, refusing a record of
    /// another device: one device's record never lands in another's folder. `device.plist` is
    /// written right after from the same record (the one write path for both), so tools that read
    /// the set folder see what `list` shows.
    func write(_ record: DeviceRecord, to paths: DevicePaths) throws(DeviceSetError) {
        record.checkInvariants()
        guard paths.devicePath.lastPathComponent == record.udid.rawValue else {
            throw .record(.misplaced(folder: paths.devicePath.lastPathComponent, recordUDID: record.udid, path: paths.recordPath))
        }
        try writeFile(DeviceRecord.encodedForDisk(record), to: paths.recordPath)
        try writeFile(record.propertyList.encodedXML(), to: paths.devicePlistPath)
    }

    static var recordEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// ISO 8601 dates, as the encoder writes them; a bad date is an error naming its field.
    static var recordDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.date(iso8601: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            return date
        }
        return decoder
    }

    // MARK: - Locking

    /// Runs `body` holding the set's lock, creating the set folder first. Waits at most
    /// `lockTimeoutSeconds` for another holder, then fails naming it.
    ///
    /// `forReading` marks a command that only reads (`media list`): on a set this user cannot
    /// write it takes the lock through a read-only descriptor, or runs without it when the lock
    /// file does not exist and cannot be created (``FileLock/openLockFile(_:mode:readingMayGoUnlocked:open:)``).
    func withLock<Result>(exclusive: Bool, forReading: Bool = false,
                          _ body: () throws(DeviceSetError) -> Result) throws(DeviceSetError) -> Result {
        do { try fileSystem.createDirectory(at: path) } catch { throw unusableSet(error) }
        let lock = FileLock(path: path.appendingPathComponent(".lock"), holderName: processName,
                            waiting: lockWaiting, timeoutSeconds: lockTimeoutSeconds)
        return try lock.withLock(exclusive ? .exclusive : .shared, readingMayGoUnlocked: forReading && !exclusive,
                                 mapError: lockFailure, body)
    }

    func lockFailure(_ error: LockError) -> DeviceSetError {
        switch error {
        case .unavailable(let failure): return unusableSet(failure)
        case .timedOut(let lockPath, let seconds, let holder):
            return .lockTimedOut(path: lockPath, timeoutSeconds: seconds, holder: holder)
        }
    }

    /// Resolves a device under the exclusive lock, lets `body` change its record, and writes the
    /// record back when it changed.
    func updateDevice<Result>(
        _ selector: DeviceSelector, _ body: (inout DeviceRecord, Device) throws(DeviceSetError) -> Result
    ) throws(DeviceSetError) -> Result {
        try withLock(exclusive: true) { () throws(DeviceSetError) -> Result in
            let device = try self.device(selector)
            var record = device.record
            let result = try body(&record, device)
            if record != device.record { try write(record, to: device.paths) }
            return result
        }
    }

    // MARK: - File-system steps, their errors as ``DeviceSetError/fileSystem(_:)``

    func createFolder(_ folder: String) throws(DeviceSetError) {
        do { try fileSystem.createDirectory(at: folder) } catch { throw .fileSystem(error) }
    }

    func removeItem(_ itemPath: String) throws(DeviceSetError) {
        do { try fileSystem.removeItem(at: itemPath) } catch { throw .fileSystem(error) }
    }

    package func writeFile(_ data: Data, to filePath: String) throws(DeviceSetError) {
        do { try fileSystem.writeAtomically(data, to: filePath) } catch { throw .fileSystem(error) }
    }

    /// The file's contents; `nil` when it does not exist.
    func readFileIfPresent(_ filePath: String) throws(DeviceSetError) -> Data? {
        do {
            return try fileSystem.contents(of: filePath)
        } catch .notFound {
            return nil
        } catch {
            throw .fileSystem(error)
        }
    }
}
