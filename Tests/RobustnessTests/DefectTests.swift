import Apps
import Core
import Foundation
import Scenarios
import Simulator
import PhotoSimTesting
import Testing

/// One test per defect the bad-input corpus found, named after what it guards.
@Suite struct DefectTests {
    @Test func aPNGCutInsideItsHeaderIsTruncatedForTheProbeAsForTheDecoder() {
        let cut = BadImages.png.prefix(30)
        #expect(throws: ImageError.truncated(format: "PNG")) { try ImageProbe.probe(cut) }
        #expect(throws: ImageError.truncated(format: "PNG")) { try ImageDecoder().decode(cut) }
    }

    @Test func aNULInAScenarioPathIsRefusedRatherThanReadUpToTheNUL() throws {
        let scratch = try TemporaryFolder(prefix: "photosim-robustness-")
        let suite = try BadScenarioTests.suite(in: scratch, main: Data((BadScenarioTests.header + "- runFlow: \"flows/ok.yaml\\0.txt\"\n").utf8))
        #expect(POSIXScenarioFiles().kind(of: suite + "/flows/ok.yaml\0.txt") == nil)
        #expect(POSIXScenarioFiles().resolvingSymbolicLinks(suite + "/flows/ok.yaml\0.txt") == nil)
        #expect {
            try ScenarioLoader().load(file: suite + "/main.yaml", root: suite)
        } throws: { error in
            let message = "\(error)"
            return message.contains("`flows/ok.yaml\\0.txt` holds a NUL character") && !message.contains("\0")
        }
    }

    @Test func aDamagedCameraImageIsRefusedBeforeTheAppSeesIt() throws {
        let folder = try TemporaryFolder(prefix: "photosim-robustness-")
        let host = try launchedCameraApp(in: folder)
        try host.tap("Capture")
        #expect(throws: RuntimeError.unusableCameraImage(.truncated(format: "JPEG"))) {
            try host.takePhoto(imageData: BadImages.jpeg.prefix(BadImages.jpeg.count / 2))
        }
        #expect(host.state.isRunning)
        try host.takePhoto(imageData: BadImages.jpeg)
        #expect(host.state.isRunning)
    }

    @Test func aFractionalPidIsNamedAsAFractionNotAsTooLarge() throws {
        let udid = try #require(DeviceUDID(BadDeviceRecordTests.udid))
        var record = BadDeviceRecordTests.sound
        record["nextProcessIdentifier"] = 1001.5
        let data = try JSONSerialization.data(withJSONObject: record)
        #expect {
            try DeviceRecord.decode(data, folder: udid, path: BadDeviceRecordTests.path)
        } throws: { error in
            "\(error)".contains("a fraction where a whole number belongs")
        }
    }
}
