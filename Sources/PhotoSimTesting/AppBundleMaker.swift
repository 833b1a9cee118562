import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Makes an `.app` bundle from a built executable, for tests that run an app in its own
/// process: the executable copied in with its descriptor close-on-exec (a process another test
/// spawns meanwhile must not inherit the open copy, or starting the app fails with "Text file
/// busy"), and an Info.plist naming it.
///
/// ```swift
/// let app = try AppBundleMaker.make(at: folder + "/Journal.app", executable: ".build/debug/Journal",
///                                   bundleIdentifier: "com.example.journal")
/// ```
public enum AppBundleMaker {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `<path>/<executable's name>` and `<path>/Info.plist` (`CFBundleIdentifier`,
    /// `CFBundleExecutable`, `CFBundleName`, `CFBundleURLTypes` naming `urlSchemes` when there
    /// are any, with `LSApplicationQueriesSchemes` listing them too, and `extraInfo`); returns `path`.
    @discardableResult
    public static func make(at path: String, executable: String, bundleIdentifier: String, urlSchemes: [String] = [],
                            extraInfo: [String: String] = [:]) throws -> String {
        let name = (executable as NSString).lastPathComponent
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try copyExecutable(from: executable, to: path + "/" + name)
        var plist: [String: Any] = ["CFBundleIdentifier": bundleIdentifier, "CFBundleExecutable": name, "CFBundleName": name]
        if !urlSchemes.isEmpty {
            plist["CFBundleURLTypes"] = [["CFBundleURLName": bundleIdentifier, "CFBundleURLSchemes": urlSchemes]]
            // The app may ask canOpenURL(_:) about its own schemes.
            plist["LSApplicationQueriesSchemes"] = urlSchemes
        }
        for (key, value) in extraInfo { plist[key] = value }
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: path + "/Info.plist"))
        return path
    }

    /// Writes `<path>/<executable's name>` and a copy of the app's own `infoPlist` file, as
    /// Xcode lays out an app bundle; returns `path`.
    @discardableResult
    public static func make(at path: String, executable: String, infoPlist: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try copyExecutable(from: executable, to: path + "/" + (executable as NSString).lastPathComponent)
        try FileManager.default.copyItem(atPath: infoPlist, toPath: path + "/Info.plist")
        return path
    }

    /// Copies `source` to a new file `destination` (mode 755) through a close-on-exec descriptor.
    public static func copyExecutable(from source: String, to destination: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(destination): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        try data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw Failure(description: "cannot write \(destination): \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
    }
}
