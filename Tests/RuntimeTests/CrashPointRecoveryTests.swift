import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

/// Kill the app at each crash point of a write path, relaunch, and check what the user relies
/// on: the store opens, no photo file is left without a row, IDs are never reused, an overwrite
/// killed midway keeps the old photo.
@Suite("Runtime: crash points and recovery")
struct CrashPointRecoveryTests {
    /// The files in Documents, sorted, hidden ones included.
    static func documents(_ sandbox: RuntimeSandbox) throws -> [String] {
        let folder = sandbox.containerPath("Documents")
        return sandbox.fileSystem.fileExists(at: folder) ? try sandbox.fileSystem.contentsOfDirectory(at: folder) : []
    }

    /// The locations on disk, read through a second connection.
    static func locations(_ sandbox: RuntimeSandbox) throws -> [Location] {
        let store = try LocationStore.open(containerPath: sandbox.device.containerPath, fileSystem: sandbox.fileSystem,
                                           random: SplitMix64(seed: 3))
        defer { store.close() }
        return try store.allLocations()
    }

    /// The crash points of saving a new location with a photo, whether the row survives, and
    /// the ID the next photo gets.
    @Test(arguments: [
        (CrashPoint.preferencesWriteBeforeRename, false, 1),
        (.preferencesWriteAfterWrite, false, 2),
        (.photosSaveAfterPhotoID, false, 2),
        (.photosSaveBeforeRename, false, 2),
        (.photosSaveAfterFileWrite, false, 2),
        (.photosSaveAfterCommit, true, 2),
    ])
    func killedWhileSavingANewPhotoRelaunchesWithoutOrphansOrReusedIDs(point: CrashPoint, rowKept: Bool, nextID: Int) throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        host.faults.arm(point)
        try sandbox.addLocationWithPhoto(description: "Beach")
        #expect(host.state == .killed)
        let events = host.trace.events.map(\.event)
        let fired = try #require(events.firstIndex(of: .faultKilled(app: "MyLocations", at: .crashPoint(point.name))))
        #expect(events[fired + 1] == .appKilled(app: "MyLocations"), "a killed app does nothing more")

        try host.launch()
        #expect(host.state == .active, "the store opens after the crash")
        let rows = try Self.locations(sandbox)
        #expect(rows.map(\.locationDescription) == (rowKept ? ["Beach"] : []))
        #expect(try Self.documents(sandbox) == (rowKept ? ["Photo-1.jpg"] : []), "the launch sweep leaves no orphan")

        try sandbox.addLocationWithPhoto(description: "Dunes")
        let saved = try Self.locations(sandbox).last
        #expect(saved?.photoID?.rawValue == nextID, "an ID that may have reached the disk is never reused")
    }

    @Test(arguments: [CrashPoint.photosDeleteAfterRowDelete, .photosDeleteAfterFileRemove])
    func killedWhileDeletingLeavesNeitherRowNorFileAfterRelaunch(point: CrashPoint) throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto(description: "Beach")
        try host.tap("Locations")
        host.faults.arm(point)
        try host.swipe(from: "Beach")
        try host.tap("Delete")
        #expect(host.state == .killed)

        try host.launch()
        #expect(try Self.locations(sandbox).isEmpty)
        #expect(try Self.documents(sandbox).isEmpty, "the row went first; the launch sweep removes its file")
        try sandbox.addLocationWithPhoto(description: "Dunes")
        #expect(try Self.locations(sandbox).first?.photoID?.rawValue == 2)
    }

    /// Replacing the photo of a saved location: killed before the new photo is in place, the old
    /// one is kept; no staged file survives the relaunch.
    @Test(arguments: [
        (CrashPoint.photosOverwriteAfterStagedWrite, false),
        (.photosOverwriteAfterCommit, false),
        (.photosOverwriteAfterFileWrite, true),
    ])
    func killedWhileReplacingAPhotoKeepsTheOldOneUntilTheNewIsInPlace(point: CrashPoint, newPhotoShown: Bool) throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto(description: "Beach")
        let old = try sandbox.fileSystem.contents(of: sandbox.containerPath("Documents/Photo-1.jpg"))
        try Self.replacePhoto(of: "Beach", in: sandbox, arming: point)
        #expect(host.state == .killed)

        try host.launch()
        let now = try sandbox.fileSystem.contents(of: sandbox.containerPath("Documents/Photo-1.jpg"))
        #expect((now != old) == newPhotoShown)
        #expect(try Self.documents(sandbox) == ["Photo-1.jpg"], "no staged file left")
        #expect(try Self.locations(sandbox).map(\.photoID?.rawValue) == [1])
    }

    /// Opens the location, picks photo 1 instead, Done; `point` armed just before Done.
    static func replacePhoto(of description: String, in sandbox: RuntimeSandbox, arming point: CrashPoint? = nil) throws {
        let host = sandbox.host
        try host.tap("Locations")
        try host.tap(description)
        try host.tap("photo")
        try host.tap("Choose From Library")
        try host.pickPhoto(index: 1)
        if let point { host.faults.arm(point) }
        try host.tap("Done")
    }

    @Test(arguments: [(CrashPoint.recordsSaveBeforeCommit, 0), (.recordsSaveAfterCommit, 1)])
    func photoBlobsKilledWhileSavingReopensItsStore(point: CrashPoint, recordsKept: Int) throws {
        let sandbox = try PhotoBlobsTests.sandbox()
        let host = sandbox.host
        try host.launch()
        host.faults.arm(point)
        try PhotoBlobsTests.capture(host)
        #expect(host.state == .killed, "killed, not the seed's fatalError")

        try host.launch()
        try host.tap("Load")
        #expect(sandbox.element("status")?.label == "\(recordsKept) saved")
        let store = try PhotoBlobsTests.records(sandbox)
        try store.checkInvariants()
        try PhotoBlobsTests.capture(host)
        #expect(try store.recordIDs().count == recordsKept + 1)
    }

    @Test func killAtTheFirstTraceEventContainingATextFreezesTheStoreToo() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        host.faults.killAtFirstTraceEvent(containing: "file written Documents/Photo-1.jpg")
        try sandbox.addLocationWithPhoto(description: "Beach")
        #expect(host.state == .killed)
        #expect(try Self.locations(sandbox).isEmpty, "the row's commit came after the kill and never reached the store")

        try host.launch()
        #expect(try Self.documents(sandbox).isEmpty)
        try sandbox.addLocationWithPhoto(description: "Dunes")
        #expect(try Self.locations(sandbox).map(\.photoID?.rawValue) == [2])
    }

    @Test func killAfterTraceEventNumberStopsRightAfterThatLine() throws {
        let reference = try RuntimeSandbox()
        try reference.addLocationWithPhoto(description: "Beach")
        let event = try #require(reference.host.trace.events.firstIndex {
            if case .fileWritten("Documents/Photo-1.jpg", _) = $0.event { true } else { false }
        }) + 1

        let sandbox = try RuntimeSandbox()
        sandbox.host.faults.killAfterTraceEvent(event)
        try sandbox.addLocationWithPhoto(description: "Beach")
        let events = sandbox.host.trace.events
        #expect(Array(events.prefix(event)) == Array(reference.host.trace.events.prefix(event)))
        #expect(events[event].event == .faultKilled(app: "MyLocations", at: .traceEvent(line: event)))
        #expect(sandbox.host.state == .killed)
    }

    /// A kill at the first event a test accepts, matched on the typed event, not its text.
    @Test func killAtAnEventMatchedByKindStopsRightAfterIt() throws {
        func isPhotoWrite(_ event: TraceEvent) -> Bool {
            if case .fileWritten("Documents/Photo-1.jpg", _) = event { true } else { false }
        }
        let sandbox = try RuntimeSandbox()
        sandbox.host.faults.killAtFirstTraceEvent(where: isPhotoWrite)
        try sandbox.addLocationWithPhoto(description: "Beach")
        let events = sandbox.host.trace.events.map(\.event)
        let written = try #require(events.firstIndex(where: isPhotoWrite))
        #expect(events[written + 1] == .faultKilled(app: "MyLocations", at: .traceEvent(line: written + 1)))
        #expect(events[(written + 1)...].contains(.appKilled(app: "MyLocations")))
        #expect(sandbox.host.faults.firedFaults == [events[written + 1]])
        #expect(sandbox.host.state == .killed)
        #expect(sandbox.fileExists("Documents/Photo-1.jpg"), "the photo reached the disk before the kill")
    }

    @Test func everyCrashPointIsListedOnceSorted() {
        let names = FaultInjector.crashPointNames
        #expect(names == names.sorted() && Set(names).count == names.count)
        #expect(names.contains("photos.save.afterFileWrite") && names.contains("preferences.write.beforeRename"))
    }

    @Test func reachedCrashPointsAreListedForAnExplorerInTheOrderReached() throws {
        let sandbox = try RuntimeSandbox()
        try sandbox.addLocationWithPhoto()
        #expect(sandbox.host.faults.reachedCrashPoints == [
            "preferences.write.beforeRename", "preferences.write.afterWrite", "photos.save.afterPhotoID",
            "photos.save.beforeRename", "photos.save.afterFileWrite", "photos.save.afterCommit",
        ])
    }
}
