import Apps
import Core
import Foundation
import PhotoSimTesting
import Platform
import Simulator

/// A temporary device running one app in a fresh world, removed when the sandbox goes away.
final class RuntimeSandbox {
    private let temporaryFolder: TemporaryFolder
    let fileSystem: POSIXFileSystem
    let world: World
    let device: RuntimeDevice
    let host: AppHost

    init(deviceType: String = "iPhone 15", hasCamera: Bool = true, seed: UInt64 = 1, photoCount: Int = 2,
         definition: AppDefinition = MyLocations.definition, memoryLimitBytes: Int? = nil,
         infoPlist: ((inout [String: String]) -> Void)? = nil,
         durability: FileDurability = .durable) throws {
        fileSystem = POSIXFileSystem(durability: durability)
        temporaryFolder = try TemporaryFolder(prefix: Self.folderPrefix)
        world = World(seed: seed)
        device = try RuntimeDevice.temporary(deviceType: deviceType, hasCamera: hasCamera, folder: temporaryFolder.path, definition: definition, world: world,
                                             fileSystem: fileSystem)
        infoPlist?(&device.infoPlist)
        host = AppHost(definition: definition, device: device, world: world, memoryLimitBytes: memoryLimitBytes)
        host.cameraPhotoSize = (64, 48)
        let sources = try (0..<photoCount).map { index in
            MediaSource(path: "photo\(index).jpg", data: try Self.jpeg(width: 80 + 8 * index, height: 60))
        }
        if !sources.isEmpty { _ = try device.mediaLibrary.add(sources) }
    }

    /// The name `mkdtemp` makes a sandbox's folder from: `$TMPDIR/RuntimeTests.XXXXXX`.
    static let folderPrefix = "RuntimeTests."

    /// The sandbox's folder, removed with the sandbox.
    var folder: String { temporaryFolder.path }

    /// A small real JPEG with a gradient, so crops and thumbnails are not uniform.
    static func jpeg(width: Int, height: Int) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height { for x in 0..<width {
            pixels[(y * width + x) * 3] = UInt8(x * 255 / width)
            pixels[(y * width + x) * 3 + 1] = UInt8(y * 255 / height)
            pixels[(y * width + x) * 3 + 2] = 128
        } }
        return try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 90)
    }

    /// A path inside the app's container.
    func containerPath(_ relative: String) -> String {
        device.containerPath.appendingPathComponent(relative)
    }

    func fileExists(_ relative: String) -> Bool {
        fileSystem.fileExists(at: containerPath(relative))
    }

    /// The app's preference `key`, read from disk.
    func preference(_ key: String) throws -> Int? {
        try Preferences(containerPath: device.containerPath, bundleIdentifier: host.definition.bundleIdentifier.rawValue,
                        fileSystem: fileSystem).integer(forKey: key)
    }

    /// The element on screen labelled or identified `text`.
    func element(_ text: String) -> Element? {
        host.visibleElements.first { $0.label == text || $0.identifier == text }
    }

    /// Launch, Tag Location, type a description, Add Photo (through the action sheet when the
    /// device has a camera), pick photo 0, Done.
    func addLocationWithPhoto(description: String = "Beach", arguments: [String: String] = [:]) throws {
        if !host.state.isRunning { try host.launch(arguments: arguments) }
        try host.tap("Tag Location")
        try host.tap("description")
        try host.inputText(description)
        try host.tap("Add Photo")
        if device.hasCamera { try host.tap("Choose From Library") }
        try host.pickPhoto(index: 0)
        try host.tap("Done")
    }
}
