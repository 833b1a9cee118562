import Core

/// The files of one profile bundle (``ProfilePaths``): path to property list.
///
/// A device type's `profile.plist` carries the keys CoreSimulator's `SimDeviceType` reads (named
/// after its properties in facebook/idb's `PrivateHeaders/CoreSimulator/SimDeviceType.h`:
/// `modelIdentifier`, `mainScreenScale`, `minRuntimeVersion`, `maxRuntimeVersion`,
/// `supportedProductFamilyIDs`); twostraws/ControlRoom opens `bundlePath` with `Bundle(path:)` and
/// reads `modelIdentifier` from `Contents/Resources/profile.plist`. A runtime's
/// `SystemVersion.plist` has `ProductName` (`iPhone OS` for iOS), `ProductVersion` and
/// `ProductBuildVersion`, as on a device.
struct ProfileBundle: Equatable {
    /// Absolute path to the property list written there.
    let files: [String: PropertyListValue]

    /// The bundle of a device type.
    static func deviceType(_ deviceType: DeviceType, paths: ProfilePaths) -> ProfileBundle {
        let contents = paths.bundlePath(of: deviceType).appendingPathComponent("Contents")
        let info: [String: PropertyListValue] = [
            "CFBundleIdentifier": .string(deviceType.identifier),
            "CFBundleName": .string(deviceType.name),
            "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundlePackageType": "BNDL",
        ]
        let profile: [String: PropertyListValue] = [
            "modelIdentifier": .string(deviceType.modelIdentifier),
            "mainScreenWidth": .integer(deviceType.screenPixelWidth),
            "mainScreenHeight": .integer(deviceType.screenPixelHeight),
            "mainScreenScale": .real(Double(deviceType.screenScale)),
            "minRuntimeVersion": .string(deviceType.minimumRuntimeVersion),
            "maxRuntimeVersion": .string(deviceType.maximumRuntimeVersion),
            "supportedProductFamilyIDs": .array([.integer(deviceType.productFamily.deviceFamilyIdentifier)]),
        ]
        return ProfileBundle(files: [
            contents.appendingPathComponent("Info.plist"): .dictionary(info),
            contents.appendingPathComponent("Resources/profile.plist"): .dictionary(profile),
        ])
    }

    /// The bundle of a runtime, with its root's `SystemVersion.plist`.
    static func runtime(_ runtime: Runtime, paths: ProfilePaths) -> ProfileBundle {
        let contents = paths.bundlePath(of: runtime).appendingPathComponent("Contents")
        let info: [String: PropertyListValue] = [
            "CFBundleIdentifier": .string(runtime.identifier),
            "CFBundleName": .string(runtime.name),
            "CFBundleInfoDictionaryVersion": "6.0",
            "CFBundlePackageType": "BNDL",
        ]
        let systemVersion: [String: PropertyListValue] = [
            "ProductName": .string(runtime.platform == "iOS" ? "iPhone OS" : runtime.platform),
            "ProductVersion": .string(runtime.version),
            "ProductBuildVersion": .string(runtime.buildVersion),
        ]
        return ProfileBundle(files: [
            contents.appendingPathComponent("Info.plist"): .dictionary(info),
            paths.systemVersionPath(of: runtime): .dictionary(systemVersion),
        ])
    }
}
