import Core
import Foundation

extension DeviceSet {
    /// Sets (or, with `nil`, clears) a booted device's simulated location, as
    /// `simctl location <device> set|clear` does. Apps that run on the device afterwards (through
    /// ``RuntimeDevice/installed(in:device:definition:world:fileSystem:)``) see it as the current
    /// location. Kept in `data/PhotoSim/location.json`, so `erase` clears it with the rest of the data.
    public func setLocation(_ selector: DeviceSelector, to location: SimulatedLocation?) throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            let device = try device(selector)
            guard device.state == .booted else { throw .wrongState(.appLookup, state: device.state) }
            guard let location else { return try removeItem(device.paths.simulatedLocationPath) }
            try createFolder(device.paths.simulatedLocationPath.deletingLastPathComponent)
            try writeFile(DeviceSet.encodedState(location), to: device.paths.simulatedLocationPath)
        }
    }

    /// The device's simulated location; `nil` when none is set (apps then see the runtime's default).
    public func simulatedLocation(_ selector: DeviceSelector) throws(DeviceSetError) -> SimulatedLocation? {
        let device = try device(selector)
        let path = device.paths.simulatedLocationPath
        guard let data = try readFileIfPresent(path) else { return nil }
        do {
            return try JSONDecoder().decode(SimulatedLocation.self, from: data)
        } catch {
            throw .record(.unreadable(udid: device.udid, path: path, reason: DeviceRecord.explain(error, data: data)))
        }
    }

    /// A small state file's JSON: sorted keys, so equal values give equal bytes.
    static func encodedState<Value: Encodable>(_ value: Value) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            return try encoder.encode(value)
        } catch {
            preconditionFailure("a state file always encodes: \(error)")
        }
    }
}

extension DevicePaths {
    /// PhotoSim's own state of a device that is not an Apple file: under `data/`, so `erase` clears it.
    var photoSimStatePath: String { dataPath.appendingPathComponent("PhotoSim") }

    /// The simulated location `simctl location set` wrote.
    var simulatedLocationPath: String { photoSimStatePath.appendingPathComponent("location.json") }
}
