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
    /// (interrupted half-way through `delete`) is skipped.
    public func devices() throws(SimctlError) -> [Device] {
        var devices: [Device] = []
        for udid in try deviceFolderUDIDs() {
            let paths = DevicePaths(setPath: path, udid: udid)
            guard let record = try readRecord(at: paths.recordPath) else { continue }
            devices.append(Device(record: record, paths: paths, catalogue: catalogue))
        }
        return devices.sorted { ($0.name, $0.udid) < ($1.name, $1.udid) }
    }

    /// The device a selector names: `booted` (the first booted device in sorted order, as
    /// Apple's "will choose one of them"), a UDID in any case, or an exact name.
    public func device(_ selector: String) throws(SimctlError) -> Device {
        let all = try devices()
        if selector == DeviceSet.bootedSelector {
            guard let booted = all.first(where: { $0.state == .booted }) else { throw .noDevicesBooted }
            return booted
        }
        if let udid = DeviceUDID(selector) {
            guard let device = all.first(where: { $0.udid == udid }) else { throw .invalidDevice(selector) }
            return device
        }
        guard let device = all.first(where: { $0.name == selector }) else { throw .invalidDevice(selector) }
        return device
    }

    /// The UDID-named folders of the set, sorted; none when the set does not exist yet.
    func deviceFolderUDIDs() throws(SimctlError) -> [DeviceUDID] {
        guard fileSystem.fileExists(at: path) else { return [] }
        do {
            return try fileSystem.contentsOfDirectory(at: path).compactMap { name in
                DeviceUDID(name).flatMap { $0.rawValue == name ? $0 : nil }
            }
        } catch {
            throw .fileSystem(error)
        }
    }

    // MARK: - Records

    /// Reads a record; `nil` when the file does not exist.
    func readRecord(at recordPath: String) throws(SimctlError) -> DeviceRecord? {
        guard let data = try readFileIfPresent(recordPath) else { return nil }
        do {
            return try DeviceSet.recordDecoder.decode(DeviceRecord.self, from: data)
        } catch {
            throw .corruptDeviceRecord(path: recordPath, reason: String(describing: error))
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
        try createFolder(path)
        return try FileLock(path: path.appendingPathComponent(".lock")).withLock(exclusive: exclusive, body)
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
