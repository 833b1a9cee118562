import Core
import Foundation
import PhotoSimTesting
import Testing

/// The file systems the simulator's tests build keep the same contract as the real one, so
/// what those tests show holds on the real disk.
@Suite struct TestFileSystemsContractTests {
    @Test func pausingFileSystemKeepsTheContract() throws {
        let sandbox = try MediaSandbox()
        let violations = FileSystemContract.violations(of: { PausingFileSystem() }, in: sandbox.folder)
        #expect(violations.isEmpty, "\(violations)")
    }
}
