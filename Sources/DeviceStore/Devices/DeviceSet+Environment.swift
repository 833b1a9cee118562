import Core
import Foundation

extension DeviceSet {
    /// The environment a booted device's launchd gives its processes, as `simctl getenv` reads it.
    ///
    /// The names are those a simulator process sees (a dump of one app's environment under
    /// iOS 12.1, published with a CocoaPods test log: `SIMULATOR_UDID`, `SIMULATOR_DEVICE_NAME`,
    /// `SIMULATOR_MODEL_IDENTIFIER`, `SIMULATOR_RUNTIME_VERSION`, `SIMULATOR_RUNTIME_BUILD_VERSION`,
    /// `SIMULATOR_ROOT`, `IPHONE_SIMULATOR_ROOT`, `SIMULATOR_SHARED_RESOURCES_DIRECTORY`,
    /// `IPHONE_SHARED_RESOURCES_DIRECTORY`, `SIMULATOR_LOG_ROOT`, `SIMULATOR_MAINSCREEN_WIDTH`,
    /// `..._HEIGHT`, `..._SCALE` as `3.000000`, `SIMULATOR_LEGACY_ASSET_SUFFIX`,
    /// `SIMULATOR_BOOT_TIME` in seconds since 1970). For the device's own launchd `HOME` is the
    /// data folder and `TMPDIR` its `tmp/`; an app's are its container's.
    public func environment(_ selector: DeviceSelector) throws(DeviceSetError) -> [String: String] {
        let device = try device(selector)
        guard device.state == .booted else { throw .wrongState(.appLookup, state: device.state) }
        return environment(of: device)
    }

    /// One variable of ``environment(_:)``; a name it lacks is ``DeviceSetError/environmentVariableNotSet(_:)``.
    public func environmentVariable(_ selector: DeviceSelector, name: String) throws(DeviceSetError) -> String {
        guard let value = try environment(selector)[name] else { throw .environmentVariableNotSet(name) }
        return value
    }

    private func environment(of device: Device) -> [String: String] {
        let paths = device.paths
        var variables: [String: String] = [
            "HOME": paths.dataPath,
            "TMPDIR": paths.dataPath.appendingPathComponent("tmp") + "/",
            "SIMULATOR_UDID": device.udid.rawValue,
            "SIMULATOR_DEVICE_NAME": device.name,
            "SIMULATOR_SHARED_RESOURCES_DIRECTORY": paths.dataPath,
            "IPHONE_SHARED_RESOURCES_DIRECTORY": paths.dataPath,
            "SIMULATOR_LOG_ROOT": paths.logPath,
        ]
        if let booted = device.record.lastBootedAt {
            variables["SIMULATOR_BOOT_TIME"] = String(Int(booted.timeIntervalSince1970.rounded(.down)))
        }
        if let runtime = device.runtime {
            variables["SIMULATOR_RUNTIME_VERSION"] = runtime.version
            variables["SIMULATOR_RUNTIME_BUILD_VERSION"] = runtime.buildVersion
            variables["SIMULATOR_ROOT"] = profilePaths.runtimeRoot(of: runtime)
            variables["IPHONE_SIMULATOR_ROOT"] = profilePaths.runtimeRoot(of: runtime)
        }
        if let type = device.deviceType {
            variables["SIMULATOR_MODEL_IDENTIFIER"] = type.modelIdentifier
            variables["SIMULATOR_MAINSCREEN_WIDTH"] = String(type.screenPixelWidth)
            variables["SIMULATOR_MAINSCREEN_HEIGHT"] = String(type.screenPixelHeight)
            variables["SIMULATOR_MAINSCREEN_SCALE"] = String(format: "%.6f", Double(type.screenScale))
            variables["SIMULATOR_LEGACY_ASSET_SUFFIX"] = type.productFamily == .iPad ? "ipad" : "iphone"
        }
        return variables
    }
}
