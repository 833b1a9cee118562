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
        let fired = host.trace.events.compactMap { entry -> FaultOperation? in
            guard case .faultInjected(rule.kind, let operation, _, .rule(rule)) = entry.event else { return nil }
            return operation
        }
        #expect(fired.count == 1 && fired.allSatisfy(rule.operation.covers), "the rule fired once: \(fired)")
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
        let rule = FaultRule(kind: .ioError, operation: .write, nth: 2, pathPattern: "Documents/Photo-*.jpg")
        host.faults.inject(rule)
        try sandbox.addLocationWithPhoto(description: "One")
        try sandbox.addLocationWithPhoto(description: "Two")
        #expect(host.visibleElements.first?.label == "Could Not Save")
        #expect(host.faults.firedFaults == [.faultInjected(kind: .ioError, operation: .write, path: "Documents/Photo-2.jpg",
                                                           cause: .rule(rule))])
        #expect(try CrashPointRecoveryTests.documents(sandbox) == ["Photo-1.jpg"])
    }

    /// A seeded rate over a whole flow: the same seed gives the same faults, line for line.
    @Test func aSeededRateGivesTheSameFaultsForTheSameSeed() throws {
        func run(seed: UInt64) throws -> [TraceEntry] {
            let sandbox = try RuntimeSandbox(seed: seed)
            sandbox.host.faults.setRate(0.2)
            for name in ["One", "Two", "Three"] {
                if sandbox.host.state.isRunning { try sandbox.host.kill() }
                try? sandbox.addLocationWithPhoto(description: name)   // a fault may stop the flow anywhere
            }
            return sandbox.host.trace.events
        }
        let first = try run(seed: 11)
        let faults = first.filter { $0.event.kind == .faultInjected }
        #expect(!faults.isEmpty, "a rate of 0.2 over a few hundred operations fires")
        #expect(faults.allSatisfy { if case .faultInjected(_, _, _, .rate(0.2)) = $0.event { true } else { false } })
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
