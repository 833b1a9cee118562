import Core
import Foundation
import PhotoSimTesting
import Simulator
import Testing

/// One rule, one meaning: the same `FaultRule` fails the same operation with the same error
/// through PhotoSimTesting's `FaultInjectingFileSystem` and through an app process's disk in the
/// simulator, so a fault tried in a Core test is the fault a scenario's `injectFault` gives.
@Suite("Runtime: one fault model for the test double and the simulator")
struct OneFaultModelTests {
    /// Does `operation` on `path` (in a folder of its own) through `disk`; its error, if any.
    static func error(of operation: FaultOperation, at path: String, on disk: FileSystem) -> FileSystemError? {
        do throws(FileSystemError) {
            switch operation {
            case .write: try disk.writeAtomically(Data([2]), to: path)
            case .sync:
                try disk.writeAtomicallyDeferred(Data([2]), to: path + ".new")
                try disk.synchronize([path + ".new"])
            case .remove: try disk.removeItem(at: path)
            case .rename: try disk.moveItem(at: path, to: path + ".moved")
            case .read: _ = try disk.contents(of: path)
            case .createDirectory: try disk.createDirectory(at: path + ".folder")
            case .any: try disk.removeItem(at: path)
            }
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [(FaultKind.diskFull, FaultOperation.write), (.shortWrite, .write), (.ioError, .write), (.fsyncFailure, .sync),
                      (.ioError, .sync), (.ioError, .remove), (.ioError, .rename), (.ioError, .read), (.ioError, .createDirectory),
                      (.diskFull, .any)])
    func oneRuleFailsTheSameOperationWithTheSameError(kind: FaultKind, operation: FaultOperation) throws {
        let rule = FaultRule(kind: kind, operation: operation, pathPattern: "Documents/*")

        let folder = try TemporaryFolder(prefix: "OneFaultModelTests.")
        let documents = folder.appending("Documents")
        try POSIXFileSystem().createDirectory(at: documents)
        try POSIXFileSystem().writeAtomically(Data([1]), to: documents + "/a")
        let double = FaultInjectingFileSystem(wrapping: POSIXFileSystem(), root: folder.path)
        double.inject(rule)
        let doubleError = Self.error(of: operation, at: documents + "/a", on: double)

        let box = PhotosProbeBox()
        let sandbox = try RuntimeSandbox(photoCount: 0, definition: box.definition())
        try sandbox.host.launch()
        let disk = try #require(box.app?.environment.fileSystem)
        let simulated = sandbox.device.containerPath + "/Documents/a"
        try sandbox.fileSystem.writeAtomically(Data([1]), to: simulated)
        sandbox.host.faults.inject(rule)
        let simulatorError = Self.error(of: operation, at: simulated, on: disk)

        let expected = kind.error(on: operation == .any ? .remove : operation, path: "")
        #expect(doubleError != nil && simulatorError != nil)
        #expect(doubleError.map { Self.withoutPath($0, documents + "/a") } == Self.withoutPath(expected, ""))
        #expect(simulatorError.map { Self.withoutPath($0, simulated) } == Self.withoutPath(expected, ""))
    }

    /// The error with its path taken out, to compare errors on two folders.
    static func withoutPath(_ error: FileSystemError, _ path: String) -> String {
        "\(error)".replacingOccurrences(of: path + ".new", with: "").replacingOccurrences(of: path + ".folder", with: "")
            .replacingOccurrences(of: path, with: "")
    }
}
