import Core
import Foundation

/// Writes small `.app` folders for the end-to-end tests of `install`.
enum AppBundleWriter {
    /// Writes `<folder>/<name>` with an XML Info.plist holding `identifier` (none when `nil`;
    /// no Info.plist at all when `withInfoPlist` is false) and a stand-in executable.
    @discardableResult
    static func write(in folder: String, name: String = "Snaps.app", identifier: String? = "com.example.Snaps",
                      withInfoPlist: Bool = true) throws -> String {
        let bundle = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try Data("executable".utf8).write(to: URL(fileURLWithPath: bundle.appendingPathComponent("Snaps")))
        guard withInfoPlist else { return bundle }
        let identifierEntry = identifier.map { "<key>CFBundleIdentifier</key><string>\($0)</string>" } ?? ""
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(identifierEntry)<key>CFBundleName</key><string>Snaps</string>\
            <key>CFBundleExecutable</key><string>Snaps</string></dict></plist>
            """
        try Data(plist.utf8).write(to: URL(fileURLWithPath: bundle.appendingPathComponent("Info.plist")))
        return bundle
    }
}
