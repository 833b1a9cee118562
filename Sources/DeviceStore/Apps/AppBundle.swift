import Core
import Foundation
import Platform

/// An `.app` folder as `simctl install` reads it: its `Info.plist` (XML or binary) and the keys
/// the simulator uses.
///
/// ```swift
/// let bundle = try AppBundle.read(at: "build/Snaps.app", fileSystem: POSIXFileSystem())
/// bundle.bundleIdentifier      // com.example.Snaps
/// bundle.urlSchemes            // ["snaps"]
/// ```
public struct AppBundle: Sendable, Equatable {
    /// The `.app` folder, with symbolic links resolved.
    public let path: String
    public let bundleIdentifier: BundleIdentifier
    /// `CFBundleName`, if the Info.plist has one.
    public let bundleName: String?
    /// `CFBundleExecutable`, if the Info.plist has one.
    public let executableName: String?
    /// `CFBundleDisplayName`, else `CFBundleName`, else the folder's name without `.app`: what
    /// the home screen and permission prompts show.
    public let displayName: String
    /// The `...UsageDescription` keys and their texts.
    public let usageDescriptions: [String: String]
    /// Every `CFBundleURLSchemes` entry of `CFBundleURLTypes`, sorted.
    public let urlSchemes: [String]
    /// The whole Info.plist dictionary.
    public let infoPlist: [String: PropertyListValue]

    /// The folder's last path component (`Snaps.app`), the name the bundle keeps on the device.
    public var folderName: String { path.lastPathComponent }
    /// `CFBundleVersion`, or `1` when the bundle names none (as Xcode's default).
    public var bundleVersion: String { infoPlist["CFBundleVersion"]?.string ?? "1" }
    /// `CFBundleShortVersionString`, or `1.0` when the bundle names none (as Xcode's default).
    public var shortVersion: String { infoPlist["CFBundleShortVersionString"]?.string ?? "1.0" }

    /// Reads the bundle at `path`. A path with nothing there, or a file, is
    /// ``InstallError/bundleNotFound(path:)``; a folder without a readable Info.plist naming a
    /// valid `CFBundleIdentifier` is refused with the reason.
    public static func read(at path: String, fileSystem: FileSystem) throws(InstallError) -> AppBundle {
        guard let resolved = try? fileSystem.resolvedPath(of: path),
              (try? fileSystem.statusOfItem(at: resolved))?.kind == .directory else { throw .bundleNotFound(path: path) }
        let trimmed = resolved
        let plistPath = trimmed.appendingPathComponent("Info.plist")
        let data: Data
        do {
            data = try fileSystem.contents(of: plistPath)
        } catch {
            throw .missingInfoPlist(bundlePath: trimmed)
        }
        let plist: [String: PropertyListValue]
        do {
            plist = try PropertyListValue.decodeDictionary(data)
        } catch {
            throw .unreadableInfoPlist(bundlePath: trimmed, reason: error.reason)
        }
        guard let identifierText = plist["CFBundleIdentifier"]?.string else { throw .missingBundleIdentifier(bundlePath: trimmed) }
        guard let identifier = BundleIdentifier(rawValue: identifierText) else {
            throw .invalidBundleIdentifier(bundlePath: trimmed, value: identifierText)
        }
        return AppBundle(path: trimmed, bundleIdentifier: identifier, infoPlist: plist)
    }

    init(path: String, bundleIdentifier: BundleIdentifier, infoPlist: [String: PropertyListValue]) {
        self.path = path
        self.bundleIdentifier = bundleIdentifier
        self.infoPlist = infoPlist
        bundleName = infoPlist["CFBundleName"]?.string
        executableName = infoPlist["CFBundleExecutable"]?.string
        let folderStem = path.lastPathComponent.hasSuffix(".app") ? String(path.lastPathComponent.dropLast(4)) : path.lastPathComponent
        displayName = infoPlist["CFBundleDisplayName"]?.string ?? bundleName ?? folderStem
        var usage: [String: String] = [:]
        for (key, value) in infoPlist where key.hasSuffix("UsageDescription") {
            if let text = value.string { usage[key] = text }
        }
        usageDescriptions = usage
        urlSchemes = AppBundle.urlSchemes(in: infoPlist)
    }

    private static func urlSchemes(in plist: [String: PropertyListValue]) -> [String] {
        let types = plist["CFBundleURLTypes"]?.array ?? []
        let schemes = types.flatMap { type in (type.dictionary?["CFBundleURLSchemes"]?.array ?? []).compactMap(\.string) }
        return Array(Set(schemes)).sorted()
    }
}
