import Core

/// Where a set keeps CoreSimulator-shaped profile bundles for its catalogue, so the paths
/// `simctl list --json` prints in `bundlePath` and `runtimeRoot` are real folders a client can read.
///
/// Apple's bundles live inside Xcode (`.../CoreSimulator/Profiles/DeviceTypes/iPhone 15.simdevicetype`,
/// `.../Profiles/Runtimes/iOS 17.0.simruntime/Contents/Resources/RuntimeRoot`, as printed by
/// `simctl list -j` in flutter's simulators_test.dart and dotnet/macios GetAvailableDevicesTest.cs);
/// PhotoSim keeps the same layout under the set:
///
/// ```
/// <set>/.profiles/DeviceTypes/iPhone 15.simdevicetype/Contents/Info.plist
/// <set>/.profiles/DeviceTypes/iPhone 15.simdevicetype/Contents/Resources/profile.plist
/// <set>/.profiles/Runtimes/iOS 17.0.simruntime/Contents/Info.plist
/// <set>/.profiles/Runtimes/iOS 17.0.simruntime/Contents/Resources/RuntimeRoot/System/Library/CoreServices/SystemVersion.plist
/// ```
public struct ProfilePaths: Sendable, Equatable {
    /// `<set>/.profiles`
    public let rootPath: String

    public init(setPath: String) {
        rootPath = setPath.appendingPathComponent(".profiles")
    }

    /// `<root>/DeviceTypes/<name>.simdevicetype`: `bundlePath` of a device type.
    public func bundlePath(of deviceType: DeviceType) -> String {
        rootPath.appendingPathComponent("DeviceTypes").appendingPathComponent(deviceType.name + ".simdevicetype")
    }

    /// `<root>/Runtimes/<name>.simruntime`: `bundlePath` of a runtime.
    public func bundlePath(of runtime: Runtime) -> String {
        rootPath.appendingPathComponent("Runtimes").appendingPathComponent(runtime.name + ".simruntime")
    }

    /// `<runtime bundle>/Contents/Resources/RuntimeRoot`: `runtimeRoot` of a runtime.
    public func runtimeRoot(of runtime: Runtime) -> String {
        bundlePath(of: runtime).appendingPathComponent("Contents/Resources/RuntimeRoot")
    }

    /// The runtime's `SystemVersion.plist`, which tools read for the OS version and build.
    public func systemVersionPath(of runtime: Runtime) -> String {
        runtimeRoot(of: runtime).appendingPathComponent("System/Library/CoreServices/SystemVersion.plist")
    }
}
