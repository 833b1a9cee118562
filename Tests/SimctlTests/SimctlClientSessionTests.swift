import Foundation
import Testing

/// A session driven the way client libraries (node-simctl, fastlane's snapshot, idb's companion
/// scripts) drive Apple's tool: through `xcrun simctl`, choosing the device type and runtime by
/// name from `list -j`, decoding every JSON answer with the keys and types they read.
@Suite("A scripted client session through xcrun simctl")
struct SimctlClientSessionTests {
    /// Runs the built `xcrun simctl --set <set> <arguments>` and requires success.
    static func xcrun(_ runner: SimctlRunner, _ arguments: [String]) throws -> SimctlRunner.Result {
        let xcrun = SimctlRunner.productsFolder.appendingPathComponent("xcrun")
        let result = try SimctlRunner.execute(xcrun, ["simctl", "--set", runner.setPath] + arguments)
        try #require(result.exitCode == 0, "xcrun simctl \(arguments.joined(separator: " "))\n\(result)")
        return result
    }

    static func list(_ runner: SimctlRunner) throws -> ListJSON {
        try JSONDecoder().decode(ListJSON.self, from: Data(try xcrun(runner, ["list", "-j"]).standardOutput.utf8))
    }

    @Test func createBootAddLaunchScreenshotShutDownEraseDelete() throws {
        let runner = try SimctlRunner()

        // Pick the type and the newest runtime that supports it, by name, from the JSON.
        let catalogue = try Self.list(runner)
        let phoneType = try #require(catalogue.devicetypes.first { $0.name == "iPhone 15" })
        #expect(phoneType.productFamily == "iPhone")
        let runtime = try #require(catalogue.runtimes
            .filter { $0.isAvailable && $0.supportedDeviceTypes.contains { $0.identifier == phoneType.identifier } }
            .max { $0.version.compare($1.version, options: .numeric) == .orderedAscending })
        #expect(runtime.name == "iOS 17.0" && runtime.platform == "iOS")
        #expect(catalogue.devices.keys.sorted() == catalogue.runtimes.map(\.identifier).sorted())

        // Create and boot.
        let created = try Self.xcrun(runner, ["create", "Client Phone", phoneType.identifier, runtime.identifier])
        let udid = created.standardOutput.trimmingCharacters(in: .newlines)
        #expect(UUID(uuidString: udid) != nil && created.standardOutput == udid + "\n")
        let fresh = try #require(try Self.list(runner).device(udid))
        #expect(fresh.runtime == runtime.identifier && fresh.device.name == "Client Phone" && fresh.device.state == "Shutdown")
        #expect(fresh.device.isAvailable && fresh.device.deviceTypeIdentifier == phoneType.identifier)
        _ = try Self.xcrun(runner, ["boot", udid])
        #expect(try Self.list(runner).device(udid)?.device.state == "Booted")

        // Add a photo, launch the app, find its data container.
        let photo = try runner.writeJPEG(named: "client.jpg")
        _ = try Self.xcrun(runner, ["addmedia", udid, photo])
        let assets = try JSONDecoder().decode([MediaAssetJSON].self,
                                              from: Data(try Self.xcrun(runner, ["media", "list", udid, "-j"]).standardOutput.utf8))
        #expect(assets.last?.originalFilename == "client.jpg" && assets.allSatisfy { !$0.missing })
        let launched = try Self.xcrun(runner, ["launch", udid, "com.photosim.MyLocations"]).standardOutput
        let pid = try #require(Int(launched.dropFirst("com.photosim.MyLocations: ".count).dropLast()))
        #expect(launched == "com.photosim.MyLocations: \(pid)\n" && pid > 0)
        let container = try Self.xcrun(runner, ["get_app_container", udid, "com.photosim.MyLocations", "data"])
            .standardOutput.trimmingCharacters(in: .newlines)
        #expect(container.hasPrefix(fresh.device.dataPath + "/Containers/Data/Application/"))
        #expect(FileManager.default.fileExists(atPath: container + "/Documents"))

        // Clone the shut-down device for another job, and rename the copy.
        _ = try Self.xcrun(runner, ["shutdown", udid])
        let cloned = try Self.xcrun(runner, ["clone", udid, "Client Copy"]).standardOutput.trimmingCharacters(in: .newlines)
        #expect(UUID(uuidString: cloned) != nil && cloned != udid)
        let copy = try #require(try Self.list(runner).device(cloned))
        #expect(copy.device.name == "Client Copy" && copy.device.state == "Shutdown" && copy.runtime == runtime.identifier)
        _ = try Self.xcrun(runner, ["rename", cloned, "Renamed Copy"])
        #expect(try Self.list(runner).device(cloned)?.device.name == "Renamed Copy")
        let copiedAssets = try JSONDecoder().decode([MediaAssetJSON].self,
                                                    from: Data(try Self.xcrun(runner, ["media", "list", cloned, "-j"]).standardOutput.utf8))
        #expect(copiedAssets.map(\.originalFilename) == assets.map(\.originalFilename), "the clone has the same library")
        _ = try Self.xcrun(runner, ["boot", udid])
        _ = try Self.xcrun(runner, ["launch", udid, "com.photosim.MyLocations"])

        // The screen: the launched app in front, as a PNG.
        let shot = runner.folder + "/client.png"
        let written = try Self.xcrun(runner, ["io", udid, "screenshot", shot])
        #expect(written.standardError.hasSuffix("Wrote screenshot to: \(shot)\n"))
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: shot)).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])

        // Shut down, erase, delete.
        _ = try Self.xcrun(runner, ["shutdown", udid])
        #expect(try Self.list(runner).device(udid)?.device.state == "Shutdown")
        _ = try Self.xcrun(runner, ["erase", udid])
        #expect(!FileManager.default.fileExists(atPath: container), "erase gives the apps new, empty containers")
        _ = try Self.xcrun(runner, ["delete", udid])
        #expect(try Self.list(runner).device(udid) == nil)
        #expect(!FileManager.default.fileExists(atPath: runner.setPath + "/" + udid))
    }

    @Test func anInstalledAppSurvivesAReinstallWithItsFiles() throws {
        let runner = try SimctlRunner()
        let udid = try runner.createDevice("Install Phone")
        _ = try Self.xcrun(runner, ["boot", udid])
        let bundle = try AppBundleWriter.write(in: runner.folder)
        _ = try Self.xcrun(runner, ["install", udid, bundle])
        let data = try Self.xcrun(runner, ["get_app_container", udid, "com.example.Snaps", "data"]).standardOutput
            .trimmingCharacters(in: .newlines)
        try Data("kept".utf8).write(to: URL(fileURLWithPath: data + "/Documents/notes.txt"))
        _ = try Self.xcrun(runner, ["install", udid, bundle])
        #expect(try Self.xcrun(runner, ["get_app_container", udid, "com.example.Snaps", "data"]).standardOutput == data + "\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: data + "/Documents/notes.txt")) == Data("kept".utf8))
        _ = try Self.xcrun(runner, ["uninstall", udid, "com.example.Snaps"])
        #expect(!FileManager.default.fileExists(atPath: data))
    }
}
