import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

/// Disk full, I/O errors, short writes and failed syncs injected at the seam and inside SQLite.
@Suite("Runtime: file-system faults")
struct FileSystemFaultTests {
    /// Saves "Beach" with photo 0, then replaces it with photo 1 while `rule` is injected; the
    /// save must fail with an alert whose message contains `words`, keeping the old photo.
    @Test(arguments: [
        (FaultRule(kind: .diskFull, operation: .write, pathPattern: "Documents/*"), "No space left on device"),
        (FaultRule(kind: .diskFull, operation: .write, pathPattern: "Library/Application Support/Locations.sqlite*"),
         "the disk is full"),
        (FaultRule(kind: .shortWrite, operation: .write, pathPattern: "Library/Application Support/Locations.sqlite*"),
         "the disk is full"),
        (FaultRule(kind: .fsyncFailure, operation: .sync, pathPattern: "Library/Application Support/Locations.sqlite*"),
         "Could Not Save"),
    ])
    func aFailedOverwriteKeepsTheOldPhotoAndSaysWhy(rule: FaultRule, words: String) throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto(description: "Beach")
        let photoPath = sandbox.containerPath("Documents/Photo-1.jpg")
        let old = try sandbox.fileSystem.contents(of: photoPath)
        host.faults.inject(rule)
        try CrashPointRecoveryTests.replacePhoto(of: "Beach", in: sandbox)

        #expect(host.state == .active, "a clear error, not a crash")
        let labels = host.visibleElements.map(\.label)
        #expect(labels.first == "Could Not Save")
        #expect(labels.contains { $0.contains(words) }, "\(labels)")
        #expect(host.trace.lines.contains { $0.contains("fault \(rule.kind.rawValue) on \(rule.operation.rawValue)") })
        #expect(try sandbox.fileSystem.contents(of: photoPath) == old)
        #expect(try CrashPointRecoveryTests.documents(sandbox) == ["Photo-1.jpg"], "the staged photo is removed")
        #expect(!host.trace.text.contains(sandbox.folder), "the trace names paths relative to the container")

        try host.tap("OK")
        try host.tap("Cancel")
        #expect(host.visibleElements.first { $0.label == "Beach" }?.image != nil, "the old photo is still shown")
        try host.kill()
        try host.launch()
        #expect(try CrashPointRecoveryTests.locations(sandbox).map(\.photoID?.rawValue) == [1], "the store still opens")
    }

    @Test func theNthMatchingWriteFailsAndEarlierOnesDoNot() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        host.faults.inject(FaultRule(kind: .ioError, operation: .write, nth: 2, pathPattern: "Documents/Photo-*.jpg"))
        try sandbox.addLocationWithPhoto(description: "One")
        try sandbox.addLocationWithPhoto(description: "Two")
        #expect(host.visibleElements.first?.label == "Could Not Save")
        #expect(host.trace.lines.contains { $0.hasSuffix("fault ioError on write Documents/Photo-2.jpg (rule ioError on write #2 of Documents/Photo-*.jpg)") })
        #expect(try CrashPointRecoveryTests.documents(sandbox) == ["Photo-1.jpg"])
    }

    /// A seeded rate over a whole flow: the same seed gives the same faults, line for line.
    @Test func aSeededRateGivesTheSameFaultsForTheSameSeed() throws {
        func run(seed: UInt64) throws -> [String] {
            let sandbox = try RuntimeSandbox(seed: seed)
            sandbox.host.faults.setRate(0.2)
            for name in ["One", "Two", "Three"] {
                if sandbox.host.state.isRunning { try sandbox.host.kill() }
                try? sandbox.addLocationWithPhoto(description: name)   // a fault may stop the flow anywhere
            }
            return sandbox.host.trace.lines
        }
        let first = try run(seed: 11)
        #expect(first.contains { $0.contains("] fault ") }, "a rate of 0.2 over a few hundred operations fires")
        #expect(try run(seed: 11) == first)
    }

    @Test func photoBlobsCrashesWithTheSeedsFatalErrorWhenItsStoreIsFull() throws {
        let sandbox = try PhotoBlobsTests.sandbox()
        let host = sandbox.host
        try host.launch()
        host.faults.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "Library/Application Support/PhotoBlobs.sqlite*"))
        try PhotoBlobsTests.capture(host)
        guard case .crashed(let termination) = host.state else {
            Issue.record("expected the seed's fatalError, got \(host.state)")
            return
        }
        #expect("\(termination)".contains("Failure to save context"))
        try host.launch()
        try host.tap("Load")
        #expect(sandbox.element("status")?.label == "0 saved", "the failed save left nothing behind")
    }
}
