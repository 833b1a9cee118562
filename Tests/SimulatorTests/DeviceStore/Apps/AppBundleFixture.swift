import Core
import Foundation
@testable import DeviceStore

/// Writes `.app` folders for install tests.
enum AppBundleFixture {
    /// The Info.plist of a small app: `Snaps`, `com.example.Snaps`, a camera usage text and a URL scheme.
    static func infoPlist(identifier: String? = "com.example.Snaps") -> [String: PropertyListValue] {
        var plist: [String: PropertyListValue] = [
            "CFBundleName": "Snaps",
            "CFBundleDisplayName": "Snaps!",
            "CFBundleExecutable": "Snaps",
            "NSCameraUsageDescription": "Snaps takes photos.",
            "CFBundleURLTypes": .array([.dictionary(["CFBundleURLSchemes": .array(["snaps", "snaps-debug"])])]),
        ]
        if let identifier { plist["CFBundleIdentifier"] = .string(identifier) }
        return plist
    }

    /// Writes `<folder>/<name>` with the plist (XML, or binary when `binary`), an executable and
    /// a nested resource; returns its path.
    @discardableResult
    static func write(in folder: String, name: String = "Snaps.app", plist: [String: PropertyListValue]? = infoPlist(),
                      binary: Bool = false, fileSystem: FileSystem = POSIXFileSystem()) throws -> String {
        let bundle = folder.appendingPathComponent(name)
        try fileSystem.createDirectory(at: bundle.appendingPathComponent("Base.lproj"))
        if let plist {
            let data: Data
            if binary {
                let encoder = PropertyListEncoder()
                encoder.outputFormat = .binary
                data = try encoder.encode(PropertyListValue.dictionary(plist))
            } else {
                data = PropertyListValue.dictionary(plist).encodedXML()
            }
            try fileSystem.writeAtomically(data, to: bundle.appendingPathComponent("Info.plist"))
        }
        try fileSystem.writeAtomically(Data("executable".utf8), to: bundle.appendingPathComponent("Snaps"))
        try fileSystem.writeAtomically(Data("storyboard".utf8), to: bundle.appendingPathComponent("Base.lproj/Main.storyboardc"))
        return bundle
    }
}
