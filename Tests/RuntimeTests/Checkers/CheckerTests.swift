import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

@Suite("Checkers: each passes a clean device and fails a damaged one with its own name")
struct CheckerTests {
    /// A MyLocations sandbox with one location and its photo (Photo-1.jpg), app running.
    static func withOnePhoto(arguments: [String: String] = [:]) throws -> (RuntimeSandbox, DeviceCheckup) {
        let sandbox = try RuntimeSandbox(hasCamera: false)
        try sandbox.addLocationWithPhoto(arguments: arguments)
        return (sandbox, DeviceCheckup(host: sandbox.host))
    }

    @Test func aCleanDeviceWithAPhotoPassesEveryChecker() throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        #expect(sandbox.fileExists("Documents/Photo-1.jpg"))
        #expect(checkup.run() == nil)
        try sandbox.host.kill()
        try sandbox.host.launch()
        #expect(checkup.run() == nil, "a relaunch changes nothing the checkers see")
    }

    @Test func aFreshDeviceBeforeAnyLaunchPassesEveryChecker() throws {
        let sandbox = try RuntimeSandbox()
        #expect(DeviceCheckup(host: sandbox.host).run() == nil)
    }

    @Test(arguments: [
        ("removed photo file", "photo-files", "location Z_PK 1 names photo 1, but Documents/Photo-1.jpg is missing"),
        ("stray photo file", "photo-files", "Documents/Photo-7.jpg has no location row"),
        ("stray temporary file", "photo-files", "Documents/.Photo-2.jpg.Ab12Cd is the temporary file"),
        ("removed library file", "media-library", "DCIM/100APPLE/IMG_0001.JPG is missing"),
        ("stray library file", "media-library", "DCIM/100APPLE/IMG_0099.JPG has no row"),
    ])
    func aDamagedFileFailsItsChecker(damage: String, checker: String, expected: String) throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        let media = sandbox.folder.appendingPathComponent("Media/DCIM/100APPLE")
        switch damage {
        case "removed photo file": try sandbox.fileSystem.removeItem(at: sandbox.containerPath("Documents/Photo-1.jpg"))
        case "stray photo file": try sandbox.fileSystem.writeAtomically(Data([1]), to: sandbox.containerPath("Documents/Photo-7.jpg"))
        case "stray temporary file":
            try sandbox.fileSystem.writeAtomically(Data([1]), to: sandbox.containerPath("Documents/.Photo-2.jpg.Ab12Cd"))
        case "removed library file": try sandbox.fileSystem.removeItem(at: media.appendingPathComponent("IMG_0001.JPG"))
        default: try sandbox.fileSystem.writeAtomically(Data([1]), to: media.appendingPathComponent("IMG_0099.JPG"))
        }
        let failure = try #require(checkup.run())
        #expect(failure.checker == checker)
        #expect(failure.problems.contains { $0.contains(expected) }, "\(failure)")
    }

    @Test func aLeftoverPhotoFileIsExcusedWhileTheAppIsDownAndTheLaunchSweepsIt() throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        try sandbox.host.kill()
        try sandbox.fileSystem.writeAtomically(Data([1]), to: sandbox.containerPath("Documents/.Photo-2.jpg.Ab12Cd"))
        #expect(checkup.run([Checker(MyLocationsCheckers.photoFiles)]) == nil, "what a kill left is the next launch's to remove")
        try sandbox.host.launch()
        #expect(!sandbox.fileExists("Documents/.Photo-2.jpg.Ab12Cd"))
        #expect(checkup.run([Checker(MyLocationsCheckers.photoFiles)]) == nil)
        try sandbox.fileSystem.writeAtomically(Data([1]), to: sandbox.containerPath("Documents/.Photo-3.jpg.Ab12Cd"))
        #expect(checkup.run([Checker(MyLocationsCheckers.photoFiles)])?.checker == "photo-files", "a leftover while the app runs is not excused")
    }

    @Test func aPhotoFileWhoseRemovalAFaultFailedIsExcusedUntilTheNextLaunchSweepsIt() throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        sandbox.host.faults.inject(FaultRule(kind: .ioError, operation: .remove, pathPattern: "Documents/Photo-*"))
        try sandbox.host.tap("Locations")
        try sandbox.host.swipe(from: "Beach")
        try sandbox.host.tap("Delete")
        #expect(sandbox.fileExists("Documents/Photo-1.jpg"), "the fault kept the file")
        #expect(sandbox.host.faults.failedRemovals == ["Documents/Photo-1.jpg"])
        #expect(checkup.run([Checker(MyLocationsCheckers.photoFiles)]) == nil, "the app could not remove it: the next launch's sweep will")

        try sandbox.fileSystem.writeAtomically(Data([1]), to: sandbox.containerPath("Documents/Photo-7.jpg"))
        let failure = try #require(checkup.run([Checker(MyLocationsCheckers.photoFiles)]), "a stray no fault explains still counts")
        #expect(failure.problems == ["Documents/Photo-7.jpg has no location row in Library/Application Support/Locations.sqlite"])
        try sandbox.fileSystem.removeItem(at: sandbox.containerPath("Documents/Photo-7.jpg"))

        try sandbox.host.kill()
        try sandbox.host.launch()
        #expect(sandbox.host.faults.failedRemovals.isEmpty, "a new process has failed nothing yet")
        #expect(!sandbox.fileExists("Documents/Photo-1.jpg"), "the launch's sweep took it")
        #expect(checkup.run([Checker(MyLocationsCheckers.photoFiles)]) == nil)
    }

    @Test func aCheckupThatSkipsAnUnchangedDeviceStillSeesWhatTheAppChanges() throws {
        let (sandbox, checkup) = try Self.withOnePhoto(arguments: ["deleteKeepsFile": "true"])
        checkup.skipsUnchangedDevice = true
        #expect(checkup.run() == nil)
        try sandbox.fileSystem.writeAtomically(Data([1]), to: sandbox.containerPath("Documents/Photo-7.jpg"))
        #expect(checkup.run() == nil, "nothing the app did changed the disk: the disk-reading checkers are skipped")
        #expect(DeviceCheckup(host: sandbox.host).run()?.checker == "photo-files", "a checkup that skips nothing sees it")
        try sandbox.fileSystem.removeItem(at: sandbox.containerPath("Documents/Photo-7.jpg"))
        try sandbox.host.tap("Locations")
        try sandbox.host.swipe(from: "Beach")
        try sandbox.host.tap("Delete")
        let failure = try #require(checkup.run(), "the delete wrote to the store, so the checkers run")
        #expect(failure.checker == "photo-files")
        #expect(failure.problems.contains { $0.contains("Documents/Photo-1.jpg has no location row") }, "\(failure)")
    }

    @Test func aPhotoIDGivenAgainToAnotherLocationFailsPhotoIDsAcrossARelaunch() throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        #expect(checkup.run() == nil)
        try sandbox.host.tap("Locations")
        try sandbox.host.swipe(from: "Beach")
        try sandbox.host.tap("Delete")
        #expect(checkup.run() == nil)
        try sandbox.host.kill()
        try Preferences(containerPath: sandbox.device.containerPath, bundleIdentifier: MyLocations.bundleIdentifier.rawValue,
                        fileSystem: sandbox.fileSystem).set(.integer(0), forKey: "PhotoID")
        try sandbox.addLocationWithPhoto(description: "Harbour")
        let failure = try #require(checkup.run())
        #expect(failure.checker == "photo-ids")
        #expect(failure.problems.first == "photo ID 1, first given to location Z_PK 1, is used again by location Z_PK 2")
    }

    @Test func aPhotoIDCounterBelowAnIDSeenFailsPhotoIDs() throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        try sandbox.host.kill()
        try Preferences(containerPath: sandbox.device.containerPath, bundleIdentifier: MyLocations.bundleIdentifier.rawValue,
                        fileSystem: sandbox.fileSystem).set(.integer(0), forKey: "PhotoID")
        let failure = try #require(checkup.run([Checker(MyLocationsCheckers.photoIDs)]))
        #expect(failure.problems.first?.contains("the PhotoID counter in Library/Preferences/com.photosim.MyLocations.plist is 0, "
            + "below photo ID 1") == true, "\(failure)")
    }

    @Test func aCorruptedStorePageFailsStoreIntegrity() throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        try sandbox.host.terminate()
        let store = sandbox.containerPath("Library/Application Support/Locations.sqlite")
        var bytes = try sandbox.fileSystem.contents(of: store)
        #expect(bytes.count >= 3 * 4096)
        bytes.replaceSubrange(4096..<8192, with: Data(repeating: 0xA5, count: 4096))
        try sandbox.fileSystem.writeAtomically(bytes, to: store)
        let failure = try #require(checkup.run([.storeIntegrity]))
        #expect(failure.checker == "store-integrity")
        #expect(failure.problems.first?.hasPrefix("Library/Application Support/Locations.sqlite") == true, "\(failure)")
    }

    @Test func aFootprintAboveTheJetsamLimitFailsCaches() throws {
        let (sandbox, checkup) = try Self.withOnePhoto()
        try sandbox.host.tap("Locations")
        #expect(checkup.run([.caches]) == nil)
        sandbox.host.memoryLimitBytes = 1
        let failure = try #require(checkup.run([.caches]))
        #expect(failure.checker == "caches" && failure.problems.first?.contains("above the jetsam limit of 1 bytes") == true)
    }

    @Test func theStrongObserverVariantFailsLeaksNamingTheObserver() throws {
        let sandbox = try RuntimeSandbox()
        let checkup = DeviceCheckup(host: sandbox.host)
        try sandbox.host.launch(arguments: ["strongObserver": "true"])
        try sandbox.host.tap("Tag Location")
        #expect(checkup.run() == nil)
        try sandbox.host.tap("Cancel")
        let failure = try #require(checkup.run())
        #expect(failure.checker == "leaks")
        #expect(failure.problems.first?.hasPrefix("LocationDetailsScreen (screen)") == true, "\(failure)")
    }

    @Test func theWeakObserverLeaksNothingAfterCancelDoneOrAKill() throws {
        let sandbox = try RuntimeSandbox()
        let checkup = DeviceCheckup(host: sandbox.host)
        try sandbox.host.launch()
        try sandbox.host.tap("Tag Location")
        try sandbox.host.tap("Cancel")
        #expect(checkup.run() == nil)
        try sandbox.addLocationWithPhoto()
        try sandbox.host.kill()
        #expect(checkup.run() == nil)
    }

    @Test func externalFilesMatchingTheirRecordsPassAndAStrayOneFailsExternalStorage() throws {
        let sandbox = try RuntimeSandbox(photoCount: 0, definition: PhotoBlobs.definition)
        sandbox.device.privacy[.camera] = .granted
        sandbox.host.cameraPhotoSize = (1600, 1200)
        let checkup = DeviceCheckup(host: sandbox.host)
        try sandbox.host.launch()
        try sandbox.host.tap("Capture")
        try sandbox.host.takePhoto()
        let folder = sandbox.containerPath("Library/Application Support/.PhotoBlobs_SUPPORT/_EXTERNAL_DATA")
        #expect(try sandbox.fileSystem.contentsOfDirectory(at: folder).count == 1, "the full-size photo is stored outside")
        #expect(checkup.run() == nil)
        try sandbox.fileSystem.writeAtomically(Data([1]), to: folder.appendingPathComponent("STRAY"))
        let failure = try #require(checkup.run())
        #expect(failure.checker == "external-storage")
        #expect(failure.problems == ["Library/Application Support/.PhotoBlobs_SUPPORT/_EXTERNAL_DATA/STRAY is named by no record"])
    }

    @Test func anExternalFileRemovedBehindTheStoreFailsExternalStorage() throws {
        let sandbox = try RuntimeSandbox(photoCount: 0, definition: PhotoBlobs.definition)
        sandbox.device.privacy[.camera] = .granted
        sandbox.host.cameraPhotoSize = (1600, 1200)
        try sandbox.host.launch()
        try sandbox.host.tap("Capture")
        try sandbox.host.takePhoto()
        let folder = sandbox.containerPath("Library/Application Support/.PhotoBlobs_SUPPORT/_EXTERNAL_DATA")
        for name in try sandbox.fileSystem.contentsOfDirectory(at: folder) {
            try sandbox.fileSystem.removeItem(at: folder.appendingPathComponent(name))
        }
        let failure = try #require(DeviceCheckup(host: sandbox.host).run())
        #expect(failure.checker == "external-storage")
        #expect(failure.problems.first?.hasPrefix("ZFULLRES Z_PK 1 names Library/Application Support/.PhotoBlobs_SUPPORT") == true,
                "\(failure)")
    }
}
