import Core
import Foundation

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
/// try set.boot(phone.udid.rawValue)
/// let pid = try set.launch("booted", bundleIdentifier: "com.photosim.MyLocations")
/// ```
public final class DeviceSet {
    /// The set's folder.
    public let path: String
    public let catalogue: DeviceCatalogue
    let fileSystem: FileSystem
    let clock: Clock
    let random: RandomSource

    /// The selector that names the booted device.
    public static let bootedSelector = "booted"

    public init(path: String, catalogue: DeviceCatalogue = .standard, fileSystem: FileSystem, clock: Clock, random: RandomSource) {
        self.path = path
        self.catalogue = catalogue
        self.fileSystem = fileSystem
        self.clock = clock
        self.random = random
    }

    // MARK: - Reading

    /// Every device of the set, sorted by name then UDID. A folder without a `device.json`
    /// (interrupted half-way through `delete`) is skipped, and so is one whose record cannot be
    /// read (``listing(section:searchTerm:)`` reports those): one damaged device never hides the others.
    public func devices() throws(SimctlError) -> [Device] { try scan().devices }

    /// The device a selector names: `booted` (the first booted device in sorted order, as
    /// Apple's "will choose one of them"), a UDID in any case, or an exact name (the first in
    /// sorted order when several devices share it, as for `booted`). A UDID whose record cannot
    /// be read fails with that record's error.
    public func device(_ selector: String) throws(SimctlError) -> Device {
        let scan = try scan()
        switch try scan.resolve(selector) {
        case .device(let device): return device
        case .unreadable(let udid): throw scan.unreadable[udid]!
        }
    }

    /// The devices of the set and the records that could not be read.
    struct Scan {
        var devices: [Device] = []
        var unreadable: [DeviceUDID: SimctlError] = [:]

        enum Resolution { case device(Device), unreadable(DeviceUDID) }

        func resolve(_ selector: String) throws(SimctlError) -> Resolution {
            if selector == DeviceSet.bootedSelector {
                guard let booted = devices.first(where: { $0.state == .booted }) else { throw .noDevicesBooted }
                return .device(booted)
            }
            if let udid = DeviceUDID(selector) {
                if let device = devices.first(where: { $0.udid == udid }) { return .device(device) }
                if unreadable[udid] != nil { return .unreadable(udid) }
                throw .invalidDevice(selector)
            }
            guard let device = devices.first(where: { $0.name == selector }) else { throw .invalidDevice(selector) }
            return .device(device)
        }
    }

    /// Reads every record of the set; a record that cannot be read is set aside with its error.
    func scan() throws(SimctlError) -> Scan {
        var scan = Scan()
        for udid in try deviceFolderUDIDs() {
            let paths = DevicePaths(setPath: path, udid: udid)
            do {
                guard let record = try readRecord(udid) else { continue }
                scan.devices.append(Device(record: record, paths: paths, catalogue: catalogue))
            } catch {
                scan.unreadable[udid] = error
            }
        }
        scan.devices.sort { ($0.name, $0.udid) < ($1.name, $1.udid) }
        return scan
    }

    /// The UDID-named folders of the set, sorted; none when the set does not exist yet.
    func deviceFolderUDIDs() throws(SimctlError) -> [DeviceUDID] {
        guard fileSystem.fileExists(at: path) else { return [] }
        do {
            return try fileSystem.contentsOfDirectory(at: path).compactMap { name in
                DeviceUDID(name).flatMap { $0.rawValue == name ? $0 : nil }
            }
        } catch {
            throw unusableSet(error)
        }
    }

    /// The error for a set folder that cannot be read, created or locked, saying why in words.
    func unusableSet(_ error: FileSystemError) -> SimctlError {
        let reason: String
        switch error {
        case .failed(_, _, ENOTDIR), .failed(_, _, EEXIST):
            reason = fileSystem.fileExists(at: path) ? "it is a file, not a folder" : "a folder above it is a file"
        case .permissionDenied(let deniedPath):
            reason = "permission denied on \(deniedPath)"
        default:
            reason = error.description
        }
        return .unusableDeviceSet(path: path, reason: reason)
    }

    // MARK: - Records

    /// Reads a device's record; `nil` when the file does not exist.
    func readRecord(_ udid: DeviceUDID) throws(SimctlError) -> DeviceRecord? {
        let recordPath = DevicePaths(setPath: path, udid: udid).recordPath
        guard let data = try readFileIfPresent(recordPath) else { return nil }
        do {
            return try DeviceSet.recordDecoder.decode(DeviceRecord.self, from: data)
        } catch {
            throw .corruptDeviceRecord(udid: udid, path: recordPath, reason: String(describing: error))
        }
    }

    /// Writes a record atomically.
    func write(_ record: DeviceRecord) throws(SimctlError) {
        record.checkInvariants()
        let paths = DevicePaths(setPath: path, udid: record.udid)
        let data: Data
        do {
            data = try DeviceSet.recordEncoder.encode(record)
        } catch {
            preconditionFailure("a DeviceRecord always encodes: \(error)")
        }
        try writeFile(data, to: paths.recordPath)
    }

    static var recordEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static var recordDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    // MARK: - Locking

    /// Runs `body` holding the set's lock, creating the set folder first.
    func withLock<Result>(exclusive: Bool, _ body: () throws(SimctlError) -> Result) throws(SimctlError) -> Result {
        do { try fileSystem.createDirectory(at: path) } catch { throw unusableSet(error) }
        return try FileLock(path: path.appendingPathComponent(".lock"))
            .withLock(exclusive: exclusive, unavailable: unusableSet, body)
    }

    /// Resolves a device under the exclusive lock, lets `body` change its record, and writes the
    /// record back when it changed.
    func updateDevice<Result>(
        _ selector: String, _ body: (inout DeviceRecord, Device) throws(SimctlError) -> Result
    ) throws(SimctlError) -> Result {
        try withLock(exclusive: true) { () throws(SimctlError) -> Result in
            let device = try self.device(selector)
            var record = device.record
            let result = try body(&record, device)
            if record != device.record { try write(record) }
            return result
        }
    }

    // MARK: - File-system steps, their errors as ``SimctlError/fileSystem(_:)``

    func createFolder(_ folder: String) throws(SimctlError) {
        do { try fileSystem.createDirectory(at: folder) } catch { throw .fileSystem(error) }
    }

    func removeItem(_ itemPath: String) throws(SimctlError) {
        do { try fileSystem.removeItem(at: itemPath) } catch { throw .fileSystem(error) }
    }

    func writeFile(_ data: Data, to filePath: String) throws(SimctlError) {
        do { try fileSystem.writeAtomically(data, to: filePath) } catch { throw .fileSystem(error) }
    }

    /// The file's contents; `nil` when it does not exist.
    func readFileIfPresent(_ filePath: String) throws(SimctlError) -> Data? {
        do {
            return try fileSystem.contents(of: filePath)
        } catch .notFound {
            return nil
        } catch {
            throw .fileSystem(error)
        }
    }
}
