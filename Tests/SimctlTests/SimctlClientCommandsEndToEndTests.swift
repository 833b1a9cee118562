import Foundation
import Simulator
import Testing

/// `install`, `uninstall`, `location`, `spawn` and `io` through the built binary: one row each
/// for what succeeds and every Apple-matched error. Placeholders besides the end-to-end table's:
/// `$APP` (a valid `Snaps.app`, `com.example.Snaps`), `$EMPTYAPP` (a folder without Info.plist),
/// `$NOIDAPP` (an Info.plist without `CFBundleIdentifier`) and `$OUT` (an empty folder for screenshots).
@Suite("simctl install, location, spawn and io end to end")
struct SimctlClientCommandsEndToEndTests {
    static let lookupError = SimctlEndToEndTests.stateError + "Unable to lookup in current state: Shutdown\n"
    static let install = ["install", "booted", "$APP"]

    static let rows: [EndToEndRow] = [
        // install and uninstall.
        EndToEndRow("install an app", .phoneBooted, SimctlStep(install)),
        EndToEndRow("an installed app is listed", .phoneBooted, after: [install],
            SimctlStep(["listapps", "booted"], stdout: .contains("    \"com.example.Snaps\" =     {\n"))),
        EndToEndRow("an installed app has a bundle container", .phoneBooted, after: [install],
            SimctlStep(["get_app_container", "booted", "com.example.Snaps"], stdout: .contains("/Snaps.app\n"))),
        EndToEndRow("an installed app launches", .phoneBooted, after: [install],
            SimctlStep(["launch", "booted", "com.example.Snaps"], stdout: .exactly("com.example.Snaps: 1001\n"))),
        EndToEndRow("reinstalling is fine", .phoneBooted, after: [install], SimctlStep(install)),
        EndToEndRow("install a path with nothing there", .phoneBooted, SimctlStep(["install", "booted", "$OUT/Missing.app"], exit: 2,
            stderr: .exactly("An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\n"
                + "Failed to install the requested application\nAn application bundle was not found at the provided path.\n"
                + "Provide a valid path to the desired application bundle.\n"))),
        EndToEndRow("install a folder without Info.plist", .phoneBooted, SimctlStep(["install", "booted", "$EMPTYAPP"], exit: 13,
            stderr: .contains("(domain=IXErrorDomain, code=13):\nSimulator device failed to install the application.\nMissing bundle ID.\n"))),
        EndToEndRow("install an app without a bundle identifier", .phoneBooted, SimctlStep(["install", "booted", "$NOIDAPP"], exit: 13,
            stderr: .contains("has no CFBundleIdentifier string."))),
        EndToEndRow("install on a shut-down device", .shutDown, SimctlStep(["install", "$PHONE", "$APP"], exit: 149,
            stderr: .exactly(lookupError))),
        EndToEndRow("install without a path", .phoneBooted, SimctlStep(["install", "booted"], exit: 64,
            stderr: .contains("Usage: simctl install <device> <path>"))),
        EndToEndRow("uninstall an installed app", .phoneBooted, after: [install], SimctlStep(["uninstall", "booted", "com.example.Snaps"])),
        EndToEndRow("an uninstalled reference app no longer launches", .phoneBooted,
            after: [["uninstall", "booted", "com.photosim.PhotoShare"]],
            SimctlStep(["launch", "booted", "com.photosim.PhotoShare"], exit: 4, stderr: .contains("code=4"))),
        EndToEndRow("uninstall an app that is not installed", .phoneBooted, SimctlStep(["uninstall", "booted", "com.example.None"])),
        EndToEndRow("uninstall a bad bundle identifier", .phoneBooted, SimctlStep(["uninstall", "booted", "not valid"], exit: 64,
            stderr: .contains("Invalid bundle identifier: not valid"))),

        // location.
        EndToEndRow("set a location", .phoneBooted, SimctlStep(["location", "booted", "set", "43.2,-4.8"])),
        EndToEndRow("set a location in the south-west", .phoneBooted, SimctlStep(["location", "booted", "set", "-33.86,-151.2"])),
        EndToEndRow("clear the location", .phoneBooted, after: [["location", "booted", "set", "1,2"]],
            SimctlStep(["location", "booted", "clear"])),
        EndToEndRow("a latitude out of range", .phoneBooted, SimctlStep(["location", "booted", "set", "91,0"], exit: 64,
            stderr: .contains("Invalid latitude: 91.0. A latitude is from -90 to 90 degrees.\nControl a device's simulated location\n"))),
        EndToEndRow("a location without a comma", .phoneBooted, SimctlStep(["location", "booted", "set", "43.2"], exit: 64,
            stderr: .contains("Invalid location: 43.2. Give <latitude>,<longitude>"))),
        EndToEndRow("set without a location", .phoneBooted, SimctlStep(["location", "booted", "set"], exit: 64,
            stderr: .contains("location set takes one <latitude>,<longitude>, got 0."))),
        EndToEndRow("location start is not implemented", .phoneBooted,
            SimctlStep(["location", "booted", "start", "1,2", "3,4"], exit: 64, stderr: .contains("location start is not implemented by PhotoSim"))),
        EndToEndRow("location run is not implemented", .phoneBooted,
            SimctlStep(["location", "booted", "run", "com.apple.locationd.simulation.bicycle"], exit: 64,
                       stderr: .contains("location run is not implemented by PhotoSim"))),
        EndToEndRow("an unknown location action", .phoneBooted, SimctlStep(["location", "booted", "teleport"], exit: 64,
            stderr: .contains("Unknown location action: teleport"))),
        EndToEndRow("location on a shut-down device", .shutDown, SimctlStep(["location", "$PHONE", "set", "1,2"], exit: 149,
            stderr: .exactly(lookupError))),

        // spawn.
        EndToEndRow("post a memory warning", .phoneBooted,
            SimctlStep(["spawn", "booted", "notifyutil", "-p", "UISimulatedMemoryWarningNotification"])),
        EndToEndRow("notifyutil by its full path", .phoneBooted, SimctlStep(["spawn", "booted", "/usr/bin/notifyutil", "-p", "x"])),
        EndToEndRow("spawn an executable the device lacks", .phoneBooted, SimctlStep(["spawn", "booted", "/bin/launchctl", "list"], exit: 2,
            stderr: .contains("An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\n"
                + "The operation couldn’t be completed. No such file or directory\nNo such file or directory\n"))),
        EndToEndRow("a notifyutil option other than -p", .phoneBooted, SimctlStep(["spawn", "booted", "notifyutil", "-g", "x"], exit: 64,
            stderr: .contains("notifyutil -g is not implemented by PhotoSim"))),
        EndToEndRow("spawn on a shut-down device", .shutDown, SimctlStep(["spawn", "$PHONE", "notifyutil", "-p", "x"], exit: 149,
            stderr: .exactly(lookupError))),

        // io.
        EndToEndRow("a screenshot", .phoneBooted, SimctlStep(["io", "booted", "screenshot", "$OUT/shot.png"],
            stderr: .exactly("Detected file type from extension: PNG\nWrote screenshot to: $OUT/shot.png\n"))),
        EndToEndRow("a screenshot named .jpg is a JPEG", .phoneBooted, SimctlStep(["io", "booted", "screenshot", "$OUT/shot.jpg"],
            stderr: .exactly("Detected file type from extension: JPEG\nWrote screenshot to: $OUT/shot.jpg\n"))),
        EndToEndRow("a screenshot with --type", .phoneBooted,
            SimctlStep(["io", "booted", "screenshot", "--type=png", "--mask=black", "$OUT/shot.data"],
                       stderr: .exactly("Wrote screenshot to: $OUT/shot.data\n"))),
        EndToEndRow("a screenshot to standard output", .phoneBooted, SimctlStep(["io", "booted", "screenshot", "--type", "png", "-"],
            stdout: .contains("PNG\r\n"))),
        EndToEndRow("a screenshot of a type PhotoSim does not write", .phoneBooted,
            SimctlStep(["io", "booted", "screenshot", "--type=tiff", "$OUT/shot.tiff"], exit: 64,
                       stderr: .contains("Screenshots of type tiff are not implemented by PhotoSim"))),
        EndToEndRow("a screenshot of an unknown type", .phoneBooted,
            SimctlStep(["io", "booted", "screenshot", "--type=webp", "$OUT/shot"], exit: 64, stderr: .contains("Unknown screenshot type: webp"))),
        EndToEndRow("a screenshot into a missing folder", .phoneBooted,
            SimctlStep(["io", "booted", "screenshot", "$OUT/missing/shot.png"], exit: 4,
                       stderr: .contains("(domain=NSCocoaErrorDomain, code=4):\nThe folder “shot.png” doesn’t exist.\n"
                                         + "Cannot write $OUT/missing/shot.png: the folder $OUT/missing does not exist."))),
        EndToEndRow("a screenshot without a file", .phoneBooted, SimctlStep(["io", "booted", "screenshot"], exit: 64,
            stderr: .contains("io screenshot takes one <file or url>, got 0."))),
        EndToEndRow("recordVideo is not implemented", .phoneBooted,
            SimctlStep(["io", "booted", "recordVideo", "--codec=h264", "$OUT/video.mp4"], exit: 64,
                       stderr: .contains("io recordVideo is not implemented by PhotoSim"))),
        EndToEndRow("an unknown io operation", .phoneBooted, SimctlStep(["io", "booted", "zoom"], exit: 64,
            stderr: .contains("Unknown io operation: zoom"))),
        EndToEndRow("a screenshot of a shut-down device", .shutDown, SimctlStep(["io", "$PHONE", "screenshot", "$OUT/shot.png"], exit: 149,
            stderr: .contains(lookupError))),
    ]

    @Test(.deviceSetTemplates, arguments: rows)
    func everyClientCommandAndErrorMatchesTheTable(_ row: EndToEndRow) throws {
        let runner = try SimctlRunner()
        let templates = try #require(DeviceSetTemplates.current, "the test has no device-set templates")
        let out = runner.folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let bundles = [
            "APP": try AppBundleWriter.write(in: runner.folder.appendingPathComponent("valid")),
            "EMPTYAPP": try AppBundleWriter.write(in: runner.folder.appendingPathComponent("empty"), withInfoPlist: false),
            "NOIDAPP": try AppBundleWriter.write(in: runner.folder.appendingPathComponent("noid"), identifier: nil),
            "OUT": out,
        ]
        let values = try templates.install(row.given, into: runner).merging(bundles) { first, _ in first }
        for arguments in row.before {
            let preparation = SimctlStep(arguments).substituting(values)
            let result = try runner.run(preparation.arguments)
            try #require(result.exitCode == 0, "\(preparation) must succeed before \(row.step)\n\(result)")
        }
        let step = row.step.substituting(values)
        let result = try runner.run(step.arguments)
        #expect(result.exitCode == step.exitCode, "\(step)\n\(result)")
        #expect(step.standardOutput.check(result.standardOutput), "stdout of \(step)\n\(result)")
        #expect(step.standardError.check(result.standardError), "stderr of \(step)\n\(result)")
    }

    @Test func aScreenshotIsTheSameBytesTwiceAndAPNGOfTheDevicesSize() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone", type: "iPhone SE (3rd generation)")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let first = runner.folder.appendingPathComponent("first.png")
        let second = runner.folder.appendingPathComponent("second.png")
        #expect(try runner.run(["io", phone, "screenshot", first]).exitCode == 0)
        #expect(try runner.run(["io", phone, "screenshot", second]).exitCode == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: first))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: second))))
        // IHDR: width and height as big-endian 32-bit numbers at bytes 16 and 20.
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 750 && height == 1334)
    }
}
