import Core
import Foundation
@testable import Simulator

/// A temporary device set with seeded seams, removed when the sandbox goes away.
final class DeviceSetSandbox {
    let folder: String
    let fileSystem = POSIXFileSystem()
    let clock = ManualClock(now: Date(timeIntervalSince1970: 1_700_000_000))
    let set: DeviceSet

    init(seed: UInt64 = 7) throws {
        var template = Array((NSTemporaryDirectory() + "/DeviceSetTests.XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw FileSystemError.from(errno: errno, operation: "mkdtemp", path: NSTemporaryDirectory())
        }
        folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        set = DeviceSet(path: folder.appendingPathComponent("Devices"), fileSystem: fileSystem, clock: clock,
                        random: SplitMix64(seed: seed))
    }

    deinit {
        try? fileSystem.removeItem(at: folder)
    }

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
