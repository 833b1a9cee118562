import DeviceStore

/// What `simctl list` prints, as text or JSON, for a set's devices and catalogue.
///
/// Text follows Apple's layout (seen in countless public logs):
///
/// ```
/// == Device Types ==
/// iPhone 15 (com.apple.CoreSimulator.SimDeviceType.iPhone-15)
/// == Runtimes ==
/// iOS 17.0 (17.0 - 21A328) - com.apple.CoreSimulator.SimRuntime.iOS-17-0
/// == Devices ==
/// -- iOS 17.0 --
///     iPhone 15 (F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC) (Booted) 
/// == Device Pairs ==
/// ```
///
/// (a device line ends with a space, as Xcode 15's does). JSON uses Apple's keys: `devicetypes`,
/// `runtimes`, `devices` keyed by runtime identifier (every runtime present, empty or not), and
/// `pairs` (always empty: we model no watches). A search term keeps the items whose text line
/// contains it, ignoring case (Apple: "a simple case-insensitive contains check against the
/// item's description"), so `booted` keeps booted devices; `available` keeps available items.
/// Devices are sorted by name, then UDID (Apple lists them in creation order).
public struct DeviceListing: Sendable {
    /// The kinds of item `simctl list` can be limited to.
    public enum Section: String, Sendable, CaseIterable {
        case devicetypes
        case runtimes
        case devices
        case pairs

        var title: String {
            switch self {
            case .devicetypes: return "== Device Types =="
            case .runtimes: return "== Runtimes =="
            case .devices: return "== Devices =="
            case .pairs: return "== Device Pairs =="
            }
        }
    }

    /// Disk usage of one device, for `dataPathSize` and `logPathSize` in JSON.
    public struct DiskUsage: Sendable, Equatable {
        public let dataBytes: Int
        public let logBytes: Int

        public init(dataBytes: Int, logBytes: Int) {
            self.dataBytes = dataBytes
            self.logBytes = logBytes
        }
    }

    public let catalogue: DeviceCatalogue
    public let devices: [Device]
    /// Where the catalogue's profile bundles are (`bundlePath`, `runtimeRoot` in JSON).
    public let profiles: ProfilePaths
    /// The one section to list, or `nil` for all four.
    public let section: Section?
    /// `available`, or text a line must contain (ignoring case); `nil` keeps everything.
    public let searchTerm: String?
    /// Why some devices are missing: their records could not be read (`simctl list` warns on
    /// standard error and lists the rest).
    public var unreadableRecords: [DeviceRecordError] = []

    public init(catalogue: DeviceCatalogue, devices: [Device], profiles: ProfilePaths, section: Section?, searchTerm: String?) {
        self.catalogue = catalogue
        self.devices = devices
        self.profiles = profiles
        self.section = section
        self.searchTerm = searchTerm
    }

    var sections: [Section] { section.map { [$0] } ?? Section.allCases }

    // MARK: - Text

    /// The plain-text listing, with a final newline.
    public func text() -> String {
        var lines: [String] = []
        for section in sections {
            lines.append(section.title)
            switch section {
            case .devicetypes: lines += keptDeviceTypes.map(DeviceListing.line)
            case .runtimes: lines += keptRuntimes.map(DeviceListing.line)
            case .devices: lines += deviceLines()
            case .pairs: break
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func deviceLines() -> [String] {
        var lines: [String] = []
        for group in deviceGroups() {
            lines.append(group.header)
            lines += group.devices.map { "    " + DeviceListing.line($0) + " " }
        }
        return lines
    }

    /// One group per runtime that has devices: catalogue runtimes first, in version order, then
    /// runtimes the catalogue does not know, by identifier.
    private func deviceGroups() -> [(header: String, identifier: String, devices: [Device])] {
        var groups: [(header: String, identifier: String, devices: [Device])] = []
        for runtime in catalogue.runtimes {
            let members = devices.filter { $0.record.runtimeIdentifier == runtime.identifier }
            guard !members.isEmpty else { continue }
            let header = runtime.isAvailable ? "-- \(runtime.name) --" : "-- Unavailable: \(runtime.identifier) --"
            groups.append((header, runtime.identifier, members.filter(keeps)))
        }
        let unknown = Set(devices.filter { $0.runtime == nil }.map(\.record.runtimeIdentifier)).sorted()
        for identifier in unknown {
            let members = devices.filter { $0.record.runtimeIdentifier == identifier }
            groups.append(("-- Unavailable: \(identifier) --", identifier, members.filter(keeps)))
        }
        return groups
    }

    static func line(_ deviceType: DeviceType) -> String { "\(deviceType.name) (\(deviceType.identifier))" }

    static func line(_ runtime: Runtime) -> String {
        let suffix = runtime.isAvailable ? "" : " (unavailable, runtime profile not found)"
        return "\(runtime.name) (\(runtime.version) - \(runtime.buildVersion)) - \(runtime.identifier)\(suffix)"
    }

    static func line(_ device: Device) -> String {
        let base = "\(device.name) (\(device.udid)) (\(device.state.rawValue))"
        guard let error = device.availabilityError else { return base }
        return base + " (unavailable, \(error))"
    }

    // MARK: - Filtering

    private var keptDeviceTypes: [DeviceType] {
        catalogue.deviceTypes.filter { matches(DeviceListing.line($0), isAvailable: true) }
    }

    private var keptRuntimes: [Runtime] {
        catalogue.runtimes.filter { matches(DeviceListing.line($0), isAvailable: $0.isAvailable) }
    }

    private func keeps(_ device: Device) -> Bool { matches(DeviceListing.line(device), isAvailable: device.isAvailable) }

    private func matches(_ line: String, isAvailable: Bool) -> Bool {
        guard let searchTerm else { return true }
        if searchTerm == "available" { return isAvailable }
        return line.lowercased().contains(searchTerm.lowercased())
    }

    // MARK: - JSON

    /// The JSON listing. `diskUsage` gives each device's sizes (reading them costs a folder walk,
    /// so the caller decides).
    public func json(diskUsage: (Device) -> DiskUsage) -> SimctlJSON {
        var root: [String: SimctlJSON] = [:]
        for section in sections {
            switch section {
            case .devicetypes: root["devicetypes"] = .array(keptDeviceTypes.map { DeviceListing.json($0, profiles: profiles) })
            case .runtimes: root["runtimes"] = .array(keptRuntimes.map(runtimeJSON))
            case .devices: root["devices"] = devicesJSON(diskUsage: diskUsage)
            case .pairs: root["pairs"] = .object([:])
            }
        }
        return .object(root)
    }

    private func devicesJSON(diskUsage: (Device) -> DiskUsage) -> SimctlJSON {
        var byRuntime: [String: SimctlJSON] = [:]
        for runtime in catalogue.runtimes { byRuntime[runtime.identifier] = .array([]) }
        for group in deviceGroups() {
            byRuntime[group.identifier] = .array(group.devices.map { DeviceListing.json($0, usage: diskUsage($0)) })
        }
        return .object(byRuntime)
    }

    /// Every key Apple prints for a device type, with Apple's types: versions as strings and as
    /// packed integers (`minRuntimeVersion` 851968 for `13.0.0`), `bundlePath` a folder.
    static func json(_ deviceType: DeviceType, profiles: ProfilePaths) -> SimctlJSON {
        .object([
            "name": .string(deviceType.name),
            "identifier": .string(deviceType.identifier),
            "bundlePath": .string(profiles.bundlePath(of: deviceType)),
            "productFamily": .string(deviceType.productFamily.rawValue),
            "modelIdentifier": .string(deviceType.modelIdentifier),
            "minRuntimeVersionString": .string(deviceType.minimumRuntimeVersion),
            "minRuntimeVersion": .integer(packedVersion(deviceType.minimumRuntimeVersion)),
            "maxRuntimeVersionString": .string(deviceType.maximumRuntimeVersion),
            "maxRuntimeVersion": .integer(packedVersion(deviceType.maximumRuntimeVersion)),
        ])
    }

    /// Every key Xcode 26 prints for a runtime (dotnet/macios GetAvailableDevicesTest.cs):
    /// `lastUsage` maps an architecture to the last boot of a device on the runtime, present once
    /// one has booted; PhotoSim names the architecture `arm64`.
    private func runtimeJSON(_ runtime: Runtime) -> SimctlJSON {
        var entries: [String: SimctlJSON] = [
            "name": .string(runtime.name),
            "identifier": .string(runtime.identifier),
            "version": .string(runtime.version),
            "buildversion": .string(runtime.buildVersion),
            "platform": .string(runtime.platform),
            "bundlePath": .string(profiles.bundlePath(of: runtime)),
            "runtimeRoot": .string(profiles.runtimeRoot(of: runtime)),
            "isAvailable": .boolean(runtime.isAvailable),
            "isInternal": .boolean(false),
            "supportedArchitectures": .array([.string("arm64"), .string("x86_64")]),
            "supportedDeviceTypes": .array(catalogue.deviceTypes(supportedBy: runtime).map { deviceType in
                .object(["name": .string(deviceType.name), "identifier": .string(deviceType.identifier),
                         "bundlePath": .string(profiles.bundlePath(of: deviceType)),
                         "productFamily": .string(deviceType.productFamily.rawValue)])
            }),
        ]
        let boots = devices.filter { $0.record.runtimeIdentifier == runtime.identifier }.compactMap(\.record.lastBootedAt)
        if let last = boots.max() { entries["lastUsage"] = .object(["arm64": .string(Timestamp.iso8601(last))]) }
        return .object(entries)
    }

    static func json(_ device: Device, usage: DiskUsage) -> SimctlJSON {
        var entries: [String: SimctlJSON] = [
            "udid": .string(device.udid.rawValue),
            "name": .string(device.name),
            "state": .string(device.state.rawValue),
            "isAvailable": .boolean(device.isAvailable),
            "deviceTypeIdentifier": .string(device.record.deviceTypeIdentifier),
            "dataPath": .string(device.paths.dataPath),
            "dataPathSize": .integer(usage.dataBytes),
            "logPath": .string(device.paths.logPath),
            "logPathSize": .integer(usage.logBytes),
        ]
        if let error = device.availabilityError { entries["availabilityError"] = .string(error) }
        if let booted = device.record.lastBootedAt { entries["lastBootedAt"] = .string(Timestamp.iso8601(booted)) }
        return .object(entries)
    }

    /// CoreSimulator packs `major.minor.patch` as `major << 16 | minor << 8 | patch`
    /// (iOS 13.0.0 is 851968 in `minRuntimeVersion`; `15.255.255` is 1048575 in `maxRuntimeVersion`).
    static func packedVersion(_ text: String) -> Int {
        let parts = text.split(separator: ".").map { Int($0) ?? 0 } + [0, 0, 0]
        return parts[0] << 16 | parts[1] << 8 | parts[2]
    }
}
