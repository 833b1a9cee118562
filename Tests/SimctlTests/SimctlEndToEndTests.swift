import Foundation
import Simulator
import Testing

@Suite("simctl end to end")
struct SimctlEndToEndTests {
    static let stateError = "An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\n"

    static let launched = ["launch", "booted", "com.photosim.MyLocations"]

    /// Every subcommand and every Apple-matched error, one row each. Each row runs on its own
    /// fresh copy of a template set (``DeviceSetTemplates``); a row that needs earlier state (a
    /// launched app, an added photo, a deleted device) makes it in `after:` first.
    static let rows: [EndToEndRow] = [
        // Help and usage.
        EndToEndRow("no subcommand prints the usage", .noDevices, SimctlStep([],
            stdout: .contains("usage: simctl [--set <path>] [--profiles <path>] <subcommand> ...\n"))),
        EndToEndRow("help prints the overview", .noDevices, SimctlStep(["help"], stdout: .exactly(SimctlSubcommand.overview))),
        EndToEndRow("--help prints the overview", .noDevices, SimctlStep(["--help"], stdout: .exactly(SimctlSubcommand.overview))),
        EndToEndRow("-h prints the overview", .noDevices, SimctlStep(["-h"], stdout: .exactly(SimctlSubcommand.overview))),
        EndToEndRow("an empty --set is refused", .noDevices, SimctlStep(["--set", "", "list"], exit: 64,
            stderr: .exactly("--set needs a path.\n"))),
        EndToEndRow("help names a subcommand's services", .noDevices, SimctlStep(["help", "privacy"],
            stdout: .contains("photos-add - Allow adding photos to the photo library."))),
        EndToEndRow("an unknown subcommand", .noDevices, SimctlStep(["nonsense"], exit: 1, stdout: .contains("usage: simctl"),
            stderr: .exactly("Unrecognized subcommand: nonsense\n"))),
        EndToEndRow("help for an unknown subcommand", .noDevices, SimctlStep(["help", "nonsense"], exit: 1,
            stdout: .contains("Subcommands:"), stderr: .exactly("Unrecognized subcommand: nonsense\n"))),

        // Devices that are not there, arguments that are wrong.
        EndToEndRow("booted with none booted", .shutDown, SimctlStep(["boot", "booted"], exit: 148,
            stderr: .exactly("No devices are booted.\n"))),
        EndToEndRow("an unknown UDID", .shutDown, SimctlStep(["boot", "00000000-0000-0000-0000-000000000000"], exit: 148,
            stderr: .exactly("Invalid device: 00000000-0000-0000-0000-000000000000\n"))),
        EndToEndRow("an unknown name", .shutDown, SimctlStep(["boot", "No Such Phone"], exit: 148,
            stderr: .exactly("Invalid device: No Such Phone\n"))),
        EndToEndRow("an unknown device type", .noDevices, SimctlStep(["create", "x", "iPhone 99"], exit: 148,
            stderr: .exactly("Invalid device type: iPhone 99\n"))),
        EndToEndRow("an unknown runtime", .noDevices, SimctlStep(["create", "x", "iPhone 15", "iOS 3.0"], exit: 148,
            stderr: .exactly("Invalid runtime: iOS 3.0\n"))),
        EndToEndRow("create without arguments", .noDevices, SimctlStep(["create"], exit: 64, stderr: .contains(
            "Missing arguments for create: it takes at least 2, got none.\nCreate a new device.\nUsage: simctl create <name>"))),
        EndToEndRow("list with too many arguments", .noDevices, SimctlStep(["list", "runtimes", "iOS", "17"], exit: 64,
            stderr: .contains("Too many arguments for list: it takes at most 2, got 3 (runtimes iOS 17). "
                + "Quote names that contain spaces.\n"))),
        EndToEndRow("list with an unknown type", .noDevices, SimctlStep(["list", "iphone", "15"], exit: 64,
            stderr: .contains("Unknown list type: iphone. A search term after it needs one of"))),
        EndToEndRow("boot with an extra argument", .shutDown, SimctlStep(["boot", "$PHONE", "extra"], exit: 64,
            stderr: .contains("Usage: simctl boot <device>"))),
        EndToEndRow("an unknown option", .noDevices, SimctlStep(["list", "--bogus"], exit: 64, stderr: .contains("Unknown option: --bogus"))),

        // A shut-down device.
        EndToEndRow("shutdown when shut down", .shutDown, SimctlStep(["shutdown", "$PHONE"], exit: 149,
            stderr: .exactly(stateError + "Unable to shutdown device in current state: Shutdown\n"))),
        EndToEndRow("launch when shut down", .shutDown, SimctlStep(["launch", "$PHONE", "com.photosim.MyLocations"], exit: 149,
            stderr: .exactly(stateError + "Unable to lookup in current state: Shutdown\n"))),
        EndToEndRow("addmedia when shut down", .shutDown, SimctlStep(["addmedia", "$PHONE", "$PHOTO"], exit: 149,
            stderr: .exactly(stateError + "Unable to lookup in current state: Shutdown\n"))),
        EndToEndRow("boot by lower-case UDID", .shutDown, SimctlStep(["boot", "$phone"])),

        // A booted device.
        EndToEndRow("boot when booted", .phoneBooted, SimctlStep(["boot", "$PHONE"], exit: 149,
            stderr: .exactly(stateError + "Unable to boot device in current state: Booted\n"))),
        EndToEndRow("erase when booted", .phoneBooted, SimctlStep(["erase", "$PHONE"], exit: 149,
            stderr: .exactly(stateError + "Unable to erase contents and settings in current state: Booted\n"))),
        EndToEndRow("list the booted devices", .phoneBooted, SimctlStep(["list", "devices", "booted"],
            stdout: .exactly("== Devices ==\n-- iOS 15.5 --\n-- iOS 17.0 --\n    Phone ($PHONE) (Booted) \n"))),
        EndToEndRow("list the booted devices as JSON", .phoneBooted, SimctlStep(["list", "-j", "devices", "booted"],
            stdout: .contains("\"udid\" : \"$PHONE\""))),

        // The catalogue.
        EndToEndRow("list device types by search term", .noDevices, SimctlStep(["list", "devicetypes", "ipod"], stdout: .exactly(
            "== Device Types ==\niPod touch (7th generation) (com.apple.CoreSimulator.SimDeviceType.iPod-touch--7th-generation-)\n"))),
        EndToEndRow("list runtimes as JSON", .noDevices, SimctlStep(["list", "runtimes", "--json"],
            stdout: .contains("\"buildversion\" : \"21A328\""))),
        EndToEndRow("list pairs", .noDevices, SimctlStep(["list", "pairs"], stdout: .exactly("== Device Pairs ==\n"))),
        EndToEndRow("list pairs as JSON", .noDevices, SimctlStep(["list", "pairs", "-j"], stdout: .exactly("{\n  \"pairs\" : {\n\n  }\n}\n"))),

        // Apps.
        EndToEndRow("launch prints the pid", .phoneBooted, SimctlStep(launched, stdout: .exactly("com.photosim.MyLocations: 1001\n"))),
        EndToEndRow("launching a running app keeps its pid", .phoneBooted, after: [launched],
            SimctlStep(launched, stdout: .exactly("com.photosim.MyLocations: 1001\n"))),
        EndToEndRow("the next app gets the next pid", .phoneBooted, after: [launched],
            SimctlStep(["launch", "Phone", "com.photosim.PhotoShare"], stdout: .exactly("com.photosim.PhotoShare: 1002\n"))),
        EndToEndRow("launch an app that is not installed", .phoneBooted, SimctlStep(["launch", "booted", "com.example.Missing"], exit: 4,
            stderr: .contains("(domain=FBSOpenApplicationServiceErrorDomain, code=4):\n"
                + "Simulator device failed to launch com.example.Missing."))),
        EndToEndRow("terminate a running app", .phoneBooted, after: [["launch", "booted", "com.photosim.PhotoShare"]],
            SimctlStep(["terminate", "booted", "com.photosim.PhotoShare"])),
        EndToEndRow("terminate an app twice", .phoneBooted,
            after: [["launch", "booted", "com.photosim.PhotoShare"], ["terminate", "booted", "com.photosim.PhotoShare"]],
            SimctlStep(["terminate", "booted", "com.photosim.PhotoShare"], exit: 3, stderr: .exactly(
                "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=3):\n"
                    + "Simulator device failed to terminate com.photosim.PhotoShare.\nfound nothing to terminate\n"))),
        EndToEndRow("listapps", .phoneBooted, SimctlStep(["listapps", "booted"],
            stdout: .contains("    \"com.photosim.MyLocations\" =     {\n        ApplicationType = User;\n"))),
        EndToEndRow("the app container", .phoneBooted, SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations"],
            stdout: .contains("/MyLocations.app\n"))),
        EndToEndRow("the data container", .phoneBooted, SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations", "data"],
            stdout: .contains("$SET/$PHONE/data/Containers/Data/Application/"))),
        EndToEndRow("no group containers", .phoneBooted, SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations", "groups"])),
        EndToEndRow("the container of an app not installed", .phoneBooted, SimctlStep(["get_app_container", "booted", "com.example.None"],
            exit: 2, stderr: .contains("(domain=NSPOSIXErrorDomain, code=2)"))),
        EndToEndRow("an unknown container kind", .phoneBooted,
            SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations", "bogus"], exit: 64,
                       stderr: .contains("Unknown container: bogus"))),

        // Privacy.
        EndToEndRow("grant", .phoneBooted, SimctlStep(["privacy", "booted", "grant", "photos", "com.photosim.MyLocations"])),
        EndToEndRow("revoke", .phoneBooted, SimctlStep(["privacy", "booted", "revoke", "camera", "com.photosim.PhotoShare"])),
        EndToEndRow("an unknown service", .phoneBooted, SimctlStep(["privacy", "booted", "grant", "teleport", "com.photosim.MyLocations"],
            exit: 64, stderr: .contains("Unknown privacy service: teleport\nGrant, revoke, or reset privacy and permissions\n"))),
        EndToEndRow("grant without a bundle", .phoneBooted, SimctlStep(["privacy", "booted", "grant", "camera"], exit: 64,
            stderr: .contains("grant requires a bundle identifier."))),
        EndToEndRow("an unknown privacy action", .phoneBooted, SimctlStep(["privacy", "booted", "zap", "camera", "com.photosim.MyLocations"],
            exit: 64, stderr: .contains("Unknown action: zap"))),
        EndToEndRow("reset all", .phoneBooted, SimctlStep(["privacy", "booted", "reset", "all"])),

        // Media.
        EndToEndRow("addmedia a JPEG", .phoneBooted, SimctlStep(["addmedia", "booted", "$PHOTO"])),
        EndToEndRow("addmedia a folder", .phoneBooted, SimctlStep(["addmedia", "booted", "$FOLDER"], exit: 65, stderr: .exactly(
            "Cannot add $FOLDER: it is a folder. Give the photo files inside it (simctl addmedia <device> $FOLDER/*.jpg). "
                + "Nothing was added.\n"))),
        EndToEndRow("addmedia a text file", .phoneBooted, SimctlStep(["addmedia", "booted", "$TEXT"], exit: 65,
            stderr: .contains("Nothing was added."))),
        EndToEndRow("addmedia a missing file", .phoneBooted, SimctlStep(["addmedia", "booted", "$FOLDER/missing.jpg"], exit: 65,
            stderr: .contains("Cannot read $FOLDER/missing.jpg"))),
        EndToEndRow("an added photo follows the stock photos", .phoneBooted, after: [["addmedia", "booted", "$PHOTO"]],
            // Its index in the picker's order, after the six stock photos, and the time it was added.
            SimctlStep(["media", "list", "booted"], stdout: .matches(
                #"\n6 [0-9A-F-]{36}/L0/001 DCIM/100APPLE/IMG_0007\.JPG 16x12 \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ beach\.jpg\n"#))),
        EndToEndRow("addmedia a name with a space", .phoneBooted, SimctlStep(["addmedia", "booted", "$SPACED"])),
        EndToEndRow("a name with a space is listed whole", .phoneBooted,
            after: [["addmedia", "booted", "$PHOTO"], ["addmedia", "booted", "$SPACED"]],
            SimctlStep(["media", "list", "booted"], stdout: .matches(#"\n7 \S+ DCIM/100APPLE/IMG_0008\.JPG 16x12 \S+Z my beach\.jpg\n"#))),
        EndToEndRow("media list as JSON", .phoneBooted, after: [["addmedia", "booted", "$PHOTO"]],
            SimctlStep(["media", "list", "booted", "--json"], stdout: .matches(#""index" : 6,[^}]*"originalFilename" : "beach\.jpg""#))),
        EndToEndRow("media remove an unknown asset", .phoneBooted,
            SimctlStep(["media", "remove", "booted", "00000000-0000-4000-8000-000000000000/L0/001"], exit: 2,
                       stderr: .contains("No asset with local identifier 00000000-0000-4000-8000-000000000000/L0/001"))),
        EndToEndRow("an unknown media action", .phoneBooted, SimctlStep(["media", "bogus", "booted"], exit: 64,
            stderr: .contains("Usage: simctl media list"))),

        // Shutting down, erasing, deleting.
        EndToEndRow("shutdown all", .phoneBooted, SimctlStep(["shutdown", "all"])),
        EndToEndRow("none booted after shutdown all", .phoneBooted, after: [["shutdown", "all"]],
            SimctlStep(["list", "devices", "booted"], stdout: .exactly("== Devices ==\n-- iOS 15.5 --\n-- iOS 17.0 --\n"))),
        EndToEndRow("erase one device named twice", .shutDown, SimctlStep(["erase", "$PHONE", "$phone"])),
        EndToEndRow("erase all", .shutDown, SimctlStep(["erase", "all"])),
        EndToEndRow("delete", .shutDown, SimctlStep(["delete", "$POD"])),
        EndToEndRow("delete a deleted device", .shutDown, after: [["delete", "$POD"]],
            SimctlStep(["delete", "$POD"], exit: 148, stderr: .exactly("Invalid device: $POD\n"))),
        EndToEndRow("delete unavailable", .shutDown, SimctlStep(["delete", "unavailable"])),
        EndToEndRow("delete all", .shutDown, SimctlStep(["delete", "all"])),
        EndToEndRow("no devices after delete all", .shutDown, after: [["delete", "all"]],
            SimctlStep(["list", "devices"], stdout: .exactly("== Devices ==\n"))),
    ]

    @Test(.deviceSetTemplates, arguments: rows)
    func everySubcommandAndErrorMatchesTheTable(_ row: EndToEndRow) throws {
        let runner = try SimctlRunner()
        let templates = try #require(DeviceSetTemplates.current, "the test has no device-set templates")
        let values = try templates.install(row.given, into: runner)
            .merging(templates.inputs) { first, _ in first }
            .merging(["SET": runner.setPath]) { first, _ in first }
        let fill = { (step: SimctlStep) in step.substituting(["phone": values["PHONE"]?.lowercased() ?? "$phone"]).substituting(values) }

        for arguments in row.before {
            let preparation = fill(SimctlStep(arguments))
            let result = try runner.run(preparation.arguments)
            try #require(result.exitCode == 0, "\(preparation) must succeed before \(row.step)\n\(result)")
        }
        let step = fill(row.step)
        let result = try runner.run(step.arguments)
        #expect(result.exitCode == step.exitCode, "\(step)\n\(result)")
        #expect(step.standardOutput.check(result.standardOutput), "stdout of \(step)\n\(result)")
        #expect(step.standardError.check(result.standardError), "stderr of \(step)\n\(result)")
    }

    @Test(arguments: SimctlSubcommand.allCases.map(\.rawValue), ["--help", "-h"])
    func helpFlagPrintsEachSubcommandsUsage(_ name: String, flag: String) throws {
        let subcommand = try #require(SimctlSubcommand(rawValue: name))
        let result = try SimctlRunner().run([name, flag])
        #expect(result.exitCode == 0 && result.standardOutput == subcommand.usage && result.standardError.isEmpty,
                "\(name) \(flag)\n\(result)")
    }

    @Test func mediaRemoveDeletesAPhoto() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        let before = try runner.mediaAssets(phone)
        let identifier = try #require(before.first?["localIdentifier"] as? String)
        let result = try runner.run(["media", "remove", phone, identifier])
        #expect(result.exitCode == 0 && result.standardError.isEmpty, "\(result)")
        #expect(try runner.mediaAssets(phone).count == before.count - 1)
    }

    @Test func xcrunForwardsToSimctlAndRefusesOtherTools() throws {
        let runner = try SimctlRunner()
        let xcrun = SimctlRunner.productsFolder.appendingPathComponent("xcrun")
        let listed = try SimctlRunner.execute(xcrun, ["simctl", "--set", runner.setPath, "list", "pairs"])
        #expect(listed.exitCode == 0 && listed.standardOutput == "== Device Pairs ==\n", "\(listed)")
        let failed = try SimctlRunner.execute(xcrun, ["--sdk", "iphonesimulator", "simctl", "--set", runner.setPath, "boot", "booted"])
        #expect(failed.exitCode == 148 && failed.standardError == "No devices are booted.\n", "\(failed)")
        let help = try SimctlRunner.execute(xcrun, ["--help"])
        #expect(help.exitCode == 0 && help.standardOutput.hasPrefix("Usage: xcrun "), "\(help)")
        let other = try SimctlRunner.execute(xcrun, ["clang"])
        #expect(other.exitCode == 72)
        #expect(other.standardError == "xcrun: error: unable to find utility \"clang\", not a developer tool or in PATH\n")
    }

    @Test func defaultSetComesFromTheEnvironment() throws {
        let runner = try SimctlRunner()
        let environment = ["PHOTOSIM_DEVICE_SET": runner.setPath, "PATH": "/usr/bin:/bin"]
        let created = try SimctlRunner.execute(SimctlRunner.simctlPath, ["create", "Env Phone", "iPhone 15"], environment: environment)
        #expect(created.exitCode == 0, "\(created)")
        let listed = try runner.run(["list", "devices"])
        #expect(listed.standardOutput.contains("Env Phone (\(created.standardOutput.trimmingCharacters(in: .newlines))) (Shutdown)"))
    }

    @Test func aDamagedDeviceRecordHidesOnlyThatDevice() throws {
        let runner = try SimctlRunner()
        let good = try runner.createDevice("Good")
        let damaged = try runner.createDevice("Damaged")
        let recordPath = runner.setPath.appendingPathComponent("\(damaged)/device.json")
        try runner.fileSystem.writeAtomically(Data("{not json".utf8), to: recordPath)

        let listed = try runner.run(["list", "devices"])
        #expect(listed.exitCode == 0 && listed.standardOutput == "== Devices ==\n-- iOS 17.0 --\n    Good (\(good)) (Shutdown) \n", "\(listed)")
        #expect(listed.standardError.hasPrefix("warning: The device record \(recordPath) cannot be read ("), "\(listed)")
        #expect(listed.standardError.hasSuffix("Delete the device with `simctl delete \(damaged)` and create it again.\n"))
        #expect(try runner.run(["boot", good]).exitCode == 0)
        let boot = try runner.run(["boot", damaged])
        #expect(boot.exitCode == 74 && boot.standardError.hasPrefix("The device record \(recordPath)"), "\(boot)")
        let deleted = try runner.run(["delete", damaged])
        #expect(deleted.exitCode == 0 && deleted.standardError.isEmpty, "\(deleted)")
        #expect(try runner.run(["list", "devices"]).standardError.isEmpty)
    }

    @Test func aSetThatIsAFileIsRefusedInWords() throws {
        let runner = try SimctlRunner()
        let file = try runner.writeText(named: "set.txt")
        let result = try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", file, "create", "x", "iPhone 15"])
        #expect(result.exitCode == 74, "\(result)")
        #expect(result.standardError == "Cannot use the device set \(file): it is a file, not a folder. "
                + "Pass --set <folder> with a folder you can write to (it is created if missing).\n")
    }
}
