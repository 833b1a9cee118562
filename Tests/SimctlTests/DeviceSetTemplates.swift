import Foundation
import PhotoSimTesting
import Testing

/// Read-only device sets made once through the built `simctl`, which each end-to-end row copies
/// into a fresh set of its own: creating devices costs two `fsync`ed processes, copying a set
/// costs a few milliseconds.
///
/// Both sets hold "Phone" (iPhone 15, iOS 17.0) and "Pod" (iPod touch 7th generation, iOS 15.5);
/// in ``bootedSetPath`` the phone is booted. The folder is removed when the last user lets go.
final class DeviceSetTemplates: Sendable {
    /// What a row starts from.
    enum Given: String, Sendable {
        /// A set with no devices.
        case noDevices = "no devices"
        /// Phone and Pod, both shut down.
        case shutDown = "Phone and Pod shut down"
        /// Phone booted, Pod shut down.
        case phoneBooted = "Phone booted"
    }

    /// The templates of the test running now (see ``DeviceSetTemplatesTrait``).
    @TaskLocal static var current: DeviceSetTemplates?

    private let temporaryFolder: TemporaryFolder
    let shutDownSetPath: String
    let bootedSetPath: String
    /// The UDIDs of "Phone" and "Pod" in both sets.
    let phone: String
    let pod: String
    /// Files rows add or fail to add, by placeholder name: `PHOTO` (beach.jpg, 16x12), `SPACED`
    /// (my beach.jpg), `TEXT` (notes.txt) and `FOLDER`, the folder holding them.
    let inputs: [String: String]

    init() throws {
        let maker = try SimctlRunner()
        temporaryFolder = try TemporaryFolder(prefix: "SimctlTests.templates.")
        let folder = temporaryFolder.path
        shutDownSetPath = folder + "/ShutDown"
        bootedSetPath = folder + "/Booted"
        phone = try maker.createDevice("Phone")
        pod = try maker.createDevice("Pod", type: "com.apple.CoreSimulator.SimDeviceType.iPod-touch--7th-generation-")
        try FileManager.default.copyItem(atPath: maker.setPath, toPath: shutDownSetPath)
        let booted = try maker.run(["boot", phone])
        guard booted.exitCode == 0 else { throw SimctlRunner.RunnerError.failed("simctl boot \(phone)\n\(booted)") }
        try FileManager.default.copyItem(atPath: maker.setPath, toPath: bootedSetPath)
        inputs = [
            "PHOTO": try Self.copy(maker.writeJPEG(named: "beach.jpg"), into: folder),
            "SPACED": try Self.copy(maker.writeJPEG(named: "my beach.jpg"), into: folder),
            "TEXT": try Self.copy(maker.writeText(named: "notes.txt"), into: folder),
            "FOLDER": folder,
        ]
    }

    /// The folder holding both sets and the input files (`$TMPDIR/SimctlTests.templates.XXXXXX`).
    var folder: String { temporaryFolder.path }

    private static func copy(_ path: String, into folder: String) throws -> String {
        let copy = folder + "/" + (path as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    /// Gives `runner` a fresh copy of the set a row starts from; returns the devices' UDIDs by
    /// placeholder name (`PHONE`, `POD`), none for ``Given/noDevices``.
    func install(_ given: Given, into runner: SimctlRunner) throws -> [String: String] {
        switch given {
        case .noDevices:
            return [:]
        case .shutDown:
            try FileManager.default.copyItem(atPath: shutDownSetPath, toPath: runner.setPath)
        case .phoneBooted:
            try FileManager.default.copyItem(atPath: bootedSetPath, toPath: runner.setPath)
        }
        return ["PHONE": phone, "POD": pod]
    }
}

/// Makes ``DeviceSetTemplates`` once around a test function, all its cases included, and
/// removes them after it.
struct DeviceSetTemplatesTrait: TestTrait, TestScoping {
    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? self : nil
    }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await DeviceSetTemplates.$current.withValue(try DeviceSetTemplates()) {
            try await function()
        }
    }
}

extension Trait where Self == DeviceSetTemplatesTrait {
    /// Device sets made once for every case of the test: see ``DeviceSetTemplates``.
    static var deviceSetTemplates: Self { Self() }
}
