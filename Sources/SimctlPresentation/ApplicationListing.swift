import Core
import DeviceStore
import Foundation
import Platform

/// What `simctl listapps` prints: an old-style property list keyed by bundle identifier, each
/// entry holding the keys Apple's prints (`ApplicationType`, `Bundle`, `BundleContainer`, the
/// `CFBundle...` keys from the app's `Info.plist`, `DataContainer`, `GroupContainers`, `Path`,
/// `SBAppTags`), containers as `file://` URLs ending in `/`, as in published dumps such as the
/// one in twostraws/ControlRoom pull request 124.
public enum ApplicationListing {
    /// The `listapps` text for installed apps, with a final newline.
    public static func render(_ applications: [InstalledApplication]) -> String {
        var entries: [String: PropertyListValue] = [:]
        for application in applications { entries[application.bundleIdentifier.rawValue] = entry(application) }
        return OldStylePropertyList.render(entries)
    }

    /// The `appinfo` text for one app, or for a bundle identifier that is not installed (a
    /// dictionary holding only `CFBundleIdentifier`, without `ApplicationType`).
    public static func renderInfo(_ application: InstalledApplication?, bundleIdentifier: BundleIdentifier) -> String {
        guard let application, case .dictionary(let entries) = entry(application) else {
            return OldStylePropertyList.render(["CFBundleIdentifier": .string(bundleIdentifier.rawValue)])
        }
        return OldStylePropertyList.render(entries)
    }

    static func entry(_ application: InstalledApplication) -> PropertyListValue {
        var entry: [String: PropertyListValue] = [
            "ApplicationType": "User",
            "Bundle": .string(fileURL(application.bundlePath)),
            "BundleContainer": .string(fileURL(application.bundleContainerPath)),
            "DataContainer": .string(fileURL(application.dataContainerPath)),
            "GroupContainers": .dictionary([:]),
            "Path": .string(application.bundlePath),
            "SBAppTags": .array([]),
        ]
        for key in ["CFBundleDisplayName", "CFBundleExecutable", "CFBundleIdentifier", "CFBundleName",
                    "CFBundleShortVersionString", "CFBundleVersion"] {
            if let value = application.infoPlist[key] { entry[key] = value }
        }
        return .dictionary(entry)
    }

    /// `file://` plus the percent-encoded path and a trailing slash, as `NSURL` prints a folder.
    static func fileURL(_ path: String) -> String {
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file://" + encoded + (encoded.hasSuffix("/") ? "" : "/")
    }
}
