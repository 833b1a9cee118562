import Core
import Foundation
import Platform
import Testing
@testable import DeviceStore

@Suite("Apps, privacy and media on a device")
struct DeviceSetAppsTests {
    @Test func launchHandsOutPidsFromTheDeviceCounter() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        #expect(deviceSetError { _ = try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations")) }
                == .wrongState(.appLookup, state: .shutdown))
        try sandbox.set.boot(DeviceSelector(udid))
        #expect(try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations")) == 1001)
        #expect(try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations")) == 1001)
        #expect(try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.PhotoShare")) == 1002)
        #expect(try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.PhotoShare"), terminatingRunningProcess: true) == 1003)
        try sandbox.set.terminate(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.PhotoShare"))
        let notRunning = deviceSetError { try sandbox.set.terminate(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.PhotoShare")) }
        #expect(notRunning?.simctl().exitCode == 3)
        let notInstalled = deviceSetError { _ = try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.example.Missing")) }
        #expect(notInstalled == .app(.notInstalled(BundleIdentifier("com.example.Missing"))))
        #expect(notInstalled?.simctl(.launch).exitCode == 4 && notInstalled?.simctl(.getAppContainer).exitCode == 2)
        try sandbox.set.shutdown(DeviceSelector(udid))
        try sandbox.set.boot(DeviceSelector(udid))
        #expect(try sandbox.set.runningApplications(DeviceSelector(udid)).isEmpty)
        #expect(try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations")) == 1004)
    }

    @Test func installedAppsCarryTheirRealInfoPlist() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        try sandbox.set.boot(DeviceSelector(udid))
        let apps = try sandbox.set.installedApplications(DeviceSelector(udid))
        #expect(apps.map(\.bundleIdentifier.rawValue)
                == ["com.photosim.LootLogger", "com.photosim.MyLocations", "com.photosim.PhotoBlobs", "com.photosim.PhotoShare"])
        #expect(apps.map(\.declaresCameraUsage) == [true, true, true, false])
        #expect(apps[1].infoPlist["NSPhotoLibraryUsageDescription"]?.string == "Add photos to your locations.")
        let bytes = try sandbox.fileSystem.contents(of: apps[1].bundlePath.appendingPathComponent("Info.plist"))
        #expect(try PropertyListValue.decodeDictionary(bytes)["CFBundleIdentifier"]?.string == "com.photosim.MyLocations")

        let data = try sandbox.set.appContainer(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"), kind: .data)
        #expect(sandbox.fileSystem.fileExists(at: data[0].appendingPathComponent("Library/Application Support")))
        let app = try sandbox.set.appContainer(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"), kind: .app)
        #expect(app == [apps[1].bundlePath])
        #expect(try sandbox.set.appContainer(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"), kind: .groups).isEmpty)
        #expect(deviceSetError { _ = try sandbox.set.appContainer(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.example.None"), kind: .app) }?
            .simctl().exitCode == 2)
    }

    @Test func privacyGrantsRevokesAndResets() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        let app = BundleIdentifier("com.photosim.MyLocations")
        try sandbox.set.privacy(DeviceSelector(udid), action: .grant, service: "photos", bundleIdentifier: app)
        try sandbox.set.privacy(DeviceSelector(udid), action: .revoke, service: "camera", bundleIdentifier: app)
        var grants = try sandbox.set.privacyGrants(DeviceSelector(udid))
        #expect(grants.authorization(for: .photos, bundleIdentifier: app) == .granted)
        #expect(grants.authorization(for: .camera, bundleIdentifier: app) == .denied)
        #expect(grants.authorization(for: .photosAdd, bundleIdentifier: app) == nil)

        try sandbox.set.privacy(DeviceSelector(udid), action: .grant, service: "all", bundleIdentifier: app)
        grants = try sandbox.set.privacyGrants(DeviceSelector(udid))
        #expect(PrivacyService.allCases.allSatisfy { grants.authorization(for: $0, bundleIdentifier: app) == .granted })

        try sandbox.set.privacy(DeviceSelector(udid), action: .reset, service: "all", bundleIdentifier: nil)
        #expect(try sandbox.set.privacyGrants(DeviceSelector(udid)) == PrivacyGrants())

        #expect(deviceSetError { try sandbox.set.privacy(DeviceSelector(udid), action: .grant, service: "teleport", bundleIdentifier: app) }
                == .privacy(.unknownService("teleport")))
        #expect(deviceSetError { try sandbox.set.privacy(DeviceSelector(udid), action: .grant, service: "photos", bundleIdentifier: nil) }?
            .simctl().exitCode == 64)
    }

    @Test func revokingTerminatesTheRunningApp() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        try sandbox.set.boot(DeviceSelector(udid))
        _ = try sandbox.set.launch(DeviceSelector(udid), bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"))
        try sandbox.set.privacy(DeviceSelector(udid), action: .revoke, service: "photos", bundleIdentifier: BundleIdentifier("com.photosim.MyLocations"))
        #expect(try sandbox.set.runningApplications(DeviceSelector(udid)).isEmpty)
    }

    @Test func addMediaNeedsABootedDeviceAndIsAllOrNothing() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        let photo = try sandbox.writeJPEG(named: "one.jpg")
        #expect(deviceSetError { _ = try sandbox.set.addMedia(DeviceSelector(udid), paths: [photo]) } == .wrongState(.appLookup, state: .shutdown))
        try sandbox.set.boot(DeviceSelector(udid))
        let before = try sandbox.set.mediaAssets(DeviceSelector(udid))
        let text = sandbox.folder.appendingPathComponent("notes.txt")
        try sandbox.fileSystem.writeAtomically(Data("hello".utf8), to: text)
        let refused = deviceSetError { _ = try sandbox.set.addMedia(DeviceSelector(udid), paths: [photo, text]) }
        #expect(refused?.simctl().exitCode == 65)
        #expect(try sandbox.set.mediaAssets(DeviceSelector(udid)) == before)
        let folder = sandbox.folder.appendingPathComponent("Album.jpg")
        try sandbox.fileSystem.createDirectory(at: folder)
        #expect(deviceSetError { _ = try sandbox.set.addMedia(DeviceSelector(udid), paths: [photo, folder]) } == .mediaPathIsFolder(folder))
        #expect(try sandbox.set.mediaAssets(DeviceSelector(udid)) == before)

        let added = try sandbox.set.addMedia(DeviceSelector(udid), paths: [photo])
        #expect(added.count == 1 && added[0].originalFilename == "one.jpg")
        let removed = try sandbox.set.removeMedia(DeviceSelector(udid), localIdentifiers: [added[0].localIdentifier])
        #expect(removed == added)
        #expect(deviceSetError { _ = try sandbox.set.removeMedia(DeviceSelector(udid), localIdentifiers: [added[0].localIdentifier]) }?.simctl().exitCode == 2)
    }
}
