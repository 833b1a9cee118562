import Foundation
import PhotoSimTesting
import Testing

/// Cameras as the hardware has them, and "no camera" as a device's own property, as every device
/// of Apple's Simulator is (its apps crash with 'Source type 1 not available' there: IOS-FACTS
/// §2). `simctl create --no-camera` and the scenario header's `camera: none` are PhotoSim's.
@Suite struct NoCameraDeviceEndToEndTests {
    static let journalScenarios = RunAppProcessEndToEndTests.suite

    /// A booted device made with `extra` arguments to `create`; its UDID.
    private func bootedDevice(_ runner: SimctlRunner, _ name: String, type: String = "iPhone 15", _ extra: [String] = []) throws -> String {
        let created = try runner.run(["create", name, type] + extra)
        #expect(created.exitCode == 0, "\(created)")
        let udid = created.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try runner.run(["boot", udid]).exitCode == 0)
        return udid
    }

    private func record(_ runner: SimctlRunner, _ udid: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: runner.setPath + "/" + udid + "/device.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aDeviceMadeWithNoCameraEndsAnAppThatSetsTheCameraAndKeepsThatThroughEraseAndClone() throws {
        let runner = try SimctlRunner()
        let app = try RunAppProcessEndToEndTests.journalBundle(in: runner)
        let bare = try bootedDevice(runner, "Bare", ["--no-camera"])
        #expect(try record(runner, bare)["withoutCamera"] as? Bool == true)
        // The Journal's Camera button sets `sourceType = .camera`, which iOS refuses without one.
        let crash = try runner.run(["run", Self.journalScenarios + "/no-camera.yaml", "--app", app, "--device", bare])
        #expect(crash.exitCode == 0, "\(crash)")
        #expect(crash.standardOutput.contains("1 scenario: 1 passed"), "\(crash)")
        #expect(try runner.run(["shutdown", bare]).exitCode == 0)
        #expect(try runner.run(["erase", bare]).exitCode == 0)
        #expect(try record(runner, bare)["withoutCamera"] as? Bool == true)
        let clone = try runner.run(["clone", bare, "Bare copy"])
        let copy = clone.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try record(runner, copy)["withoutCamera"] as? Bool == true)
    }

    @Test func everyDeviceTypeHasACameraUnlessTheDeviceIsMadeWithout() throws {
        let runner = try SimctlRunner()
        let pod = try bootedDevice(runner, "Pod", type: "iPod touch (7th generation)")
        #expect(try record(runner, pod)["withoutCamera"] == nil)
        // On the iPod touch (it had an 8 MP camera), MyLocations' Add Photo offers Take Photo.
        let flow = runner.folder + "/pod-camera.yaml"
        try Data("""
            appId: com.photosim.MyLocations
            ---
            - launchApp
            - tapOn: Tag Location
            - tapOn: Add Photo
            - assertPresented: {style: actionSheet}
            - assertVisible: Take Photo
            - assertVisible: Choose From Library
            """.utf8).write(to: URL(fileURLWithPath: flow))
        let offered = try runner.run(["run", flow, "--device", pod])
        #expect(offered.exitCode == 0, "\(offered)")
        // The same on a device of the same type made without cameras opens the library directly.
        let bare = try bootedDevice(runner, "Bare pod", type: "iPod touch (7th generation)", ["--no-camera"])
        let direct = try runner.run(["run", flow, "--device", bare])
        #expect(direct.exitCode == 1, "\(direct)")
        #expect(direct.standardOutput.contains("assertPresented"), "\(direct)")
    }

    @Test func aHeaderThatDisagreesWithTheDeviceIsRefusedBeforeTheFirstCommand() throws {
        let runner = try SimctlRunner()
        let app = try RunAppProcessEndToEndTests.journalBundle(in: runner)
        let phone = try bootedDevice(runner, "Phone")
        let refused = try runner.run(["run", Self.journalScenarios + "/no-camera.yaml", "--app", app, "--device", phone])
        #expect(refused.exitCode == 1, "\(refused)")
        #expect(refused.standardOutput.contains("the header says `camera: none`, but \(phone) has its type's cameras"), "\(refused)")
        let bare = try bootedDevice(runner, "Bare", ["--no-camera"])
        let flow = runner.folder + "/hardware.yaml"
        try Data("appId: com.photosim.MyLocations\ncamera: hardware\n---\n- launchApp\n".utf8).write(to: URL(fileURLWithPath: flow))
        let inProcess = try runner.run(["run", flow, "--device", bare])
        #expect(inProcess.exitCode == 1, "\(inProcess)")
        #expect(inProcess.standardOutput.contains("the header says `camera: hardware`, but \(bare) was made without"), "\(inProcess)")
    }

    @Test func createSaysWhatNoCameraIsInItsUsage() throws {
        let runner = try SimctlRunner()
        let help = try runner.run(["create", "--help"])
        #expect(help.standardOutput.contains("[--no-camera]") && help.standardOutput.contains("as every device of Apple's Simulator"),
                "\(help)")
    }
}
