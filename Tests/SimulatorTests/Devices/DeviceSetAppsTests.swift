import Core
import Foundation
import Testing
@testable import Simulator

@Suite("Apps, privacy and media on a device")
struct DeviceSetAppsTests {
    @Test func launchHandsOutPidsFromTheDeviceCounter() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        #expect(simctlError { _ = try sandbox.set.launch(udid, bundleIdentifier: "com.photosim.MyLocations") }
                == .invalidState(action: "lookup", state: .shutdown))
        try sandbox.set.boot(udid)
        #expect(try sandbox.set.launch(udid, bundleIdentifier: "com.photosim.MyLocations") == 1001)
        #expect(try sandbox.set.launch(udid, bundleIdentifier: "com.photosim.MyLocations") == 1001)
        #expect(try sandbox.set.launch(udid, bundleIdentifier: "com.photosim.PhotoShare") == 1002)
        #expect(try sandbox.set.launch(udid, bundleIdentifier: "com.photosim.PhotoShare", terminatingRunningProcess: true) == 1003)
        try sandbox.set.terminate(udid, bundleIdentifier: "com.photosim.PhotoShare")
        let notRunning = simctlError { try sandbox.set.terminate(udid, bundleIdentifier: "com.photosim.PhotoShare") }
        #expect(notRunning?.exitCode == 3)
        let notInstalled = simctlError { _ = try sandbox.set.launch(udid, bundleIdentifier: "com.example.Missing") }
        #expect(notInstalled?.exitCode == 4)
        try sandbox.set.shutdown(udid)
        try sandbox.set.boot(udid)
        #expect(try sandbox.set.runningApplications(udid).isEmpty)
        #expect(try sandbox.set.launch(udid, bundleIdentifier: "com.photosim.MyLocations") == 1004)
    }

    @Test func installedAppsCarryTheirRealInfoPlist() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        try sandbox.set.boot(udid)
        let apps = try sandbox.set.installedApplications(udid)
        #expect(apps.map(\.bundleIdentifier.rawValue)
                == ["com.photosim.LootLogger", "com.photosim.MyLocations", "com.photosim.PhotoBlobs", "com.photosim.PhotoShare"])
        #expect(apps.map(\.declaresCameraUsage) == [true, true, true, false])
        #expect(apps[1].infoPlist["NSPhotoLibraryUsageDescription"]?.string == "Add photos to your locations.")
        let bytes = try sandbox.fileSystem.contents(of: apps[1].bundlePath.appendingPathComponent("Info.plist"))
        #expect(try PropertyListValue.decodeDictionary(bytes)["CFBundleIdentifier"]?.string == "com.photosim.MyLocations")

        let data = try sandbox.set.appContainer(udid, bundleIdentifier: "com.photosim.MyLocations", kind: .data)
        #expect(sandbox.fileSystem.fileExists(at: data[0].appendingPathComponent("Library/Application Support")))
        let app = try sandbox.set.appContainer(udid, bundleIdentifier: "com.photosim.MyLocations", kind: .app)
        #expect(app == [apps[1].bundlePath])
        #expect(try sandbox.set.appContainer(udid, bundleIdentifier: "com.photosim.MyLocations", kind: .groups).isEmpty)
        #expect(simctlError { _ = try sandbox.set.appContainer(udid, bundleIdentifier: "com.example.None", kind: .app) }?
            .exitCode == 2)
    }

    @Test func privacyGrantsRevokesAndResets() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        let app = BundleIdentifier("com.photosim.MyLocations")!
        try sandbox.set.privacy(udid, action: .grant, service: "photos", bundleIdentifier: app.rawValue)
        try sandbox.set.privacy(udid, action: .revoke, service: "camera", bundleIdentifier: app.rawValue)
        var grants = try sandbox.set.privacyGrants(udid)
        #expect(grants.authorization(for: .photos, bundleIdentifier: app) == .granted)
        #expect(grants.authorization(for: .camera, bundleIdentifier: app) == .denied)
        #expect(grants.authorization(for: .photosAdd, bundleIdentifier: app) == nil)

        try sandbox.set.privacy(udid, action: .grant, service: "all", bundleIdentifier: app.rawValue)
        grants = try sandbox.set.privacyGrants(udid)
        #expect(PrivacyService.allCases.allSatisfy { grants.authorization(for: $0, bundleIdentifier: app) == .granted })

        try sandbox.set.privacy(udid, action: .reset, service: "all", bundleIdentifier: nil)
        #expect(try sandbox.set.privacyGrants(udid) == PrivacyGrants())

        #expect(simctlError { try sandbox.set.privacy(udid, action: .grant, service: "teleport", bundleIdentifier: app.rawValue) }
                == .unknownPrivacyService("teleport"))
        #expect(simctlError { try sandbox.set.privacy(udid, action: .grant, service: "photos", bundleIdentifier: nil) }?
            .exitCode == 64)
    }

    @Test func revokingTerminatesTheRunningApp() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        try sandbox.set.boot(udid)
        _ = try sandbox.set.launch(udid, bundleIdentifier: "com.photosim.MyLocations")
        try sandbox.set.privacy(udid, action: .revoke, service: "photos", bundleIdentifier: "com.photosim.MyLocations")
        #expect(try sandbox.set.runningApplications(udid).isEmpty)
    }

    @Test func addMediaNeedsABootedDeviceAndIsAllOrNothing() throws {
        let sandbox = try DeviceSetSandbox()
        let udid = try sandbox.create()
        let photo = try sandbox.writeJPEG(named: "one.jpg")
        #expect(simctlError { _ = try sandbox.set.addMedia(udid, paths: [photo]) } == .invalidState(action: "lookup", state: .shutdown))
        try sandbox.set.boot(udid)
        let before = try sandbox.set.mediaAssets(udid)
        let text = sandbox.folder.appendingPathComponent("notes.txt")
        try sandbox.fileSystem.writeAtomically(Data("hello".utf8), to: text)
        let refused = simctlError { _ = try sandbox.set.addMedia(udid, paths: [photo, text]) }
        #expect(refused?.exitCode == 65)
        #expect(try sandbox.set.mediaAssets(udid) == before)
        let folder = sandbox.folder.appendingPathComponent("Album.jpg")
        try sandbox.fileSystem.createDirectory(at: folder)
        #expect(simctlError { _ = try sandbox.set.addMedia(udid, paths: [photo, folder]) } == .mediaPathIsFolder(folder))
        #expect(try sandbox.set.mediaAssets(udid) == before)

        let added = try sandbox.set.addMedia(udid, paths: [photo])
        #expect(added.count == 1 && added[0].originalFilename == "one.jpg")
        let removed = try sandbox.set.removeMedia(udid, localIdentifiers: [added[0].localIdentifier])
        #expect(removed == added)
        #expect(simctlError { _ = try sandbox.set.removeMedia(udid, localIdentifiers: [added[0].localIdentifier]) }?.exitCode == 2)
    }
}
