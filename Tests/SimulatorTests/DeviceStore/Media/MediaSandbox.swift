import Core
import Foundation
import PhotoSimTesting
@testable import AppRuntime
@testable import DeviceStore

/// A temporary Media folder, its seams and sample photos, removed when the sandbox goes away.
final class MediaSandbox {
    private let temporaryFolder: TemporaryFolder
    let mediaFolder: String
    let fileSystem = POSIXFileSystem()
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))

    init() throws {
        temporaryFolder = try TemporaryFolder(prefix: "MediaTests.")
        mediaFolder = temporaryFolder.appending("data/Media")
    }

    /// The sandbox's folder (`$TMPDIR/MediaTests.XXXXXX`), removed with the sandbox.
    var folder: String { temporaryFolder.path }

    /// A library on the sandbox's Media folder, with its own seeded random source.
    func open(seed: UInt64 = 1, fileSystem: FileSystem? = nil, clock: WallClock? = nil,
              access: MediaLibrary.Access = .create) throws(MediaLibraryError) -> MediaLibrary {
        try MediaLibrary(mediaFolder: mediaFolder, fileSystem: fileSystem ?? self.fileSystem, clock: clock ?? self.clock,
                         random: SplitMix64(seed: seed), access: access)
    }

    /// Writes `data` to a file in the sandbox (outside the Media folder) and returns its path.
    func writeSourceFile(_ name: String, _ data: Data) throws -> String {
        let path = folder.appendingPathComponent(name)
        try fileSystem.writeAtomically(data, to: path)
        return path
    }

    /// A fixture from `Tests/SimulatorTests/Fixtures` (see LICENSES.md there).
    static func fixture(_ name: String) throws -> Data {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try Data(contentsOf: folder.appendingPathComponent("Fixtures").appendingPathComponent(name))
    }

    /// A fixture wrapped as a source named after it.
    static func source(_ name: String) throws -> MediaSource {
        MediaSource(path: name, data: try fixture(name))
    }

    /// The names of the files in `DCIM/100APPLE`.
    func cameraRollFiles() throws -> [String] {
        try fileSystem.contentsOfDirectory(at: mediaFolder.appendingPathComponent("DCIM/100APPLE"))
    }

    /// A real JPEG of a flat colour.
    func jpeg(width: Int, height: Int, shade: UInt8 = 128) throws -> Data {
        let pixels = [UInt8](repeating: shade, count: width * height * 3)
        return try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 80)
    }
}
