import Core
import Foundation
import PhotoSimTesting
@testable import AppRuntime
@testable import DeviceStore
@testable import World
import Testing

/// The file systems the simulator's tests build keep the same contract as the real one, so
/// what those tests show holds on the real disk.
@Suite struct TestFileSystemsContractTests {
    @Test func pausingFileSystemKeepsTheContract() throws {
        let sandbox = try MediaSandbox()
        let violations = FileSystemContract.violations(of: { PausingFileSystem() }, in: sandbox.folder)
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test func tracingFileSystemKeepsTheContract() throws {
        let sandbox = try MediaSandbox()
        let trace = Trace(clock: VirtualClock())
        let violations = FileSystemContract.violations(of: {
            TracingFileSystem(base: POSIXFileSystem(), rootPath: sandbox.folder, trace: trace)
        }, in: sandbox.folder)
        #expect(violations.isEmpty, "\(violations)")
        #expect(trace.events.contains { $0.event == .fileMoved(from: "move/source", to: "move/destination") }, "the moves were traced")
    }
}
