import AppChannel
import AppRuntime
import Core
import DeviceStore
import Foundation
import PhotoSimTesting

/// The Journal app (Tests/Apps/Journal: plain UIKit code) bundled as an `.app` in a temporary
/// folder, with a data container laid out as the simulator lays one out.
final class JournalFixture {
    let folder: TemporaryFolder
    let bundle: AppBundle
    let container: String
    let bundleIdentifier: String
    /// Where launches start from the executable's loaded image; nil spawns each.
    var pool: LaunchPool?

    /// The built products (the Journal executable sits beside the test bundle).
    static var productsFolder: String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: executable.appendingPathComponent("Journal").path) { return executable.path }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug").path
    }

    static var executablePath: String { productsFolder + "/Journal" }

    init(bundleIdentifier: String = "com.example.journal") throws {
        self.bundleIdentifier = bundleIdentifier
        folder = try TemporaryFolder(prefix: "AppProcessTests.")
        let appFolder = try AppBundleMaker.make(at: folder.appending("Journal.app"), executable: Self.executablePath,
                                                bundleIdentifier: bundleIdentifier, urlSchemes: ["journal"])
        bundle = try AppBundle.read(at: appFolder, fileSystem: POSIXFileSystem())
        container = folder.appending("Container")
        try RuntimeDevice.makeDataContainer(at: container, fileSystem: POSIXFileSystem())
    }

    /// The apps launched from this fixture, ended when it is.
    private var launched: [LaunchedApp] = []

    deinit {
        for app in launched { app.kill() }
    }

    /// An iPad's screen, for what UIKit does differently there.
    static let iPad = LaunchRequest(screenWidth: 820, screenHeight: 1180, screenScale: 2, idiom: "pad")

    /// Launches on an iPhone 15, or on `screen` (an iPad's unless `deviceName` says otherwise).
    func launch(screen: LaunchRequest? = nil, deviceName: String = "iPad (10th generation)") throws -> LaunchedApp {
        var device = LaunchedApp.Device(name: "iPhone 15", udid: "5A1E3C2B-0000-4000-8000-000000000001")
        if let screen {
            device.name = deviceName
            device.screen = screen
        }
        let app = try LaunchedApp.launch(bundle: bundle, container: container, device: device, pool: pool)
        launched.append(app)
        return app
    }

    func file(_ relative: String) -> String? {
        guard let data = FileManager.default.contents(atPath: container + "/" + relative) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The app's `UserDefaults.standard`, read from its container.
    var defaults: [String: Any]? {
        guard let data = FileManager.default.contents(atPath: container + "/Library/Preferences/\(bundleIdentifier).plist") else { return nil }
        return try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
    }
}

extension SettledStep {
    func element(identifier: String) -> ElementNode? { tree.flattened.first { $0.identifier == identifier } }
    func element(label: String) -> ElementNode? { tree.flattened.first { $0.label == label } }
    var labels: [String] { tree.flattened.compactMap(\.label) }
}

extension JournalFixture {
    /// Kills `app` at the end of a test (and keeps the fixture, with its container, alive
    /// until then).
    func end(_ app: LaunchedApp) {
        app.kill()
    }
}
