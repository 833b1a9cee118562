import Foundation
import FuzzTargets
import Testing

/// Every input a fuzz target once crashed, hung or ran out of memory on, fed again through the
/// same entry point the harness calls (``FuzzTarget/run(_:)``), with the seeds beside them. A
/// regression traps the test process, as it trapped the fuzzer.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions")

    static func inputs(of target: FuzzTarget) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent(target.rawValue), includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test(arguments: FuzzTarget.allCases)
    func everySavedInputRunsThroughItsTarget(_ target: FuzzTarget) throws {
        let inputs = try Self.inputs(of: target)
        #expect(!inputs.isEmpty, "FuzzRegressions/\(target.rawValue) holds at least its seed")
        for input in inputs {
            target.run(try Data(contentsOf: input))
        }
    }

    @Test func theTargetsAreNamedAsTheScriptNamesThem() {
        #expect(FuzzTarget.allCases.map(\.rawValue) == ["scenario", "image", "device-record"])
    }
}
