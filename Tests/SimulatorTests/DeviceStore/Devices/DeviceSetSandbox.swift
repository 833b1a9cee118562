import Apps
import Core
import Foundation
import PhotoSimTesting
@testable import DeviceStore
@testable import Rendering
@testable import SimctlPresentation

/// A temporary device set with seeded seams, removed when the sandbox goes away.
final class DeviceSetSandbox {
    private let temporaryFolder: TemporaryFolder
    let fileSystem = POSIXFileSystem()
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
    let set: DeviceSet

    init(seed: UInt64 = 7) throws {
        temporaryFolder = try TemporaryFolder(prefix: "DeviceSetTests.")
        set = DeviceSet(path: temporaryFolder.appending("Devices"), fileSystem: fileSystem, clock: clock,
                        random: SplitMix64(seed: seed), apps: ReferenceApps.all)
    }

    /// The sandbox's folder (`$TMPDIR/DeviceSetTests.XXXXXX`), removed with the sandbox.
    var folder: String { temporaryFolder.path }

    /// Creates a device and returns its UDID text.
    func create(_ name: String = "Phone", type: String = "iPhone 15", runtime: String? = nil) throws -> String {
        try set.create(name: name, deviceType: type, runtime: runtime).udid.rawValue
    }

    /// A real JPEG written to the sandbox; returns its path.
    func writeJPEG(named name: String, width: Int = 32, height: Int = 24) throws -> String {
        let pixels = [UInt8](repeating: 90, count: width * height * 3)
        let data = try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 80)
        let path = folder.appendingPathComponent(name)
        try fileSystem.writeAtomically(data, to: path)
        return path
    }
}

/// Runs `body` and returns the `DeviceSetError` it threw, or `nil`.
func deviceSetError(_ body: () throws -> Void) -> DeviceSetError? {
    do {
        try body()
        return nil
    } catch {
        return error as? DeviceSetError
    }
}

extension DeviceSetError {
    /// How `simctl` presents the error when `subcommand` meets it: Apple's text and exit status.
    func simctl(_ subcommand: SimctlSubcommand? = nil) -> SimctlError { SimctlError(self, subcommand: subcommand) }
}
