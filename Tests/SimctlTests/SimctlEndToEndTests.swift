import Foundation
import Simulator
import Testing

/// One invocation of the built binary and what it must print and return.
struct SimctlStep: CustomStringConvertible {
    /// What a stream must hold.
    enum Expectation {
        case empty
        case exactly(String)
        case contains(String)
        case anything

        func check(_ text: String) -> Bool {
            switch self {
            case .empty: return text.isEmpty
            case .exactly(let expected): return text == expected
            case .contains(let part): return text.contains(part)
            case .anything: return true
            }
        }
    }

    let arguments: [String]
    let exitCode: Int32
    let standardOutput: Expectation
    let standardError: Expectation

    init(_ arguments: [String], exit exitCode: Int32 = 0, stdout: Expectation = .empty, stderr: Expectation = .empty) {
        self.arguments = arguments
        self.exitCode = exitCode
        self.standardOutput = stdout
        self.standardError = stderr
    }

    var description: String { "simctl " + arguments.joined(separator: " ") }

    /// The step with `$NAME` placeholders replaced.
    func substituting(_ values: [String: String]) -> SimctlStep {
        func fill(_ text: String) -> String {
            values.reduce(text) { $0.replacingOccurrences(of: "$" + $1.key, with: $1.value) }
        }
        func fill(_ expectation: Expectation) -> Expectation {
            switch expectation {
            case .exactly(let text): return .exactly(fill(text))
            case .contains(let text): return .contains(fill(text))
            default: return expectation
            }
        }
        return SimctlStep(arguments.map(fill), exit: exitCode, stdout: fill(standardOutput), stderr: fill(standardError))
    }
}

@Suite("simctl end to end")
struct SimctlEndToEndTests {
    static let stateError = "An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\n"

    /// Every subcommand and every Apple-matched error, in an order that walks one device set
    /// through its life.
    static let steps: [SimctlStep] = [
        SimctlStep([], stdout: .contains("usage: simctl [--set <path>] [--profiles <path>] <subcommand> ...\n")),
        SimctlStep(["help"], stdout: .exactly(SimctlSubcommand.overview)),
        SimctlStep(["--help"], stdout: .exactly(SimctlSubcommand.overview)),
        SimctlStep(["-h"], stdout: .exactly(SimctlSubcommand.overview)),
        SimctlStep(["--set", "", "list"], exit: 64, stderr: .exactly("--set needs a path.\n")),
        SimctlStep(["help", "privacy"], stdout: .contains("photos-add - Allow adding photos to the photo library.")),
        SimctlStep(["nonsense"], exit: 1, stdout: .contains("usage: simctl"), stderr: .exactly("Unrecognized subcommand: nonsense\n")),
        SimctlStep(["help", "nonsense"], exit: 1, stdout: .contains("Subcommands:"), stderr: .exactly("Unrecognized subcommand: nonsense\n")),
        SimctlStep(["boot", "booted"], exit: 148, stderr: .exactly("No devices are booted.\n")),
        SimctlStep(["boot", "00000000-0000-0000-0000-000000000000"], exit: 148,
                   stderr: .exactly("Invalid device: 00000000-0000-0000-0000-000000000000\n")),
        SimctlStep(["boot", "No Such Phone"], exit: 148, stderr: .exactly("Invalid device: No Such Phone\n")),
        SimctlStep(["create", "x", "iPhone 99"], exit: 148, stderr: .exactly("Invalid device type: iPhone 99\n")),
        SimctlStep(["create", "x", "iPhone 15", "iOS 3.0"], exit: 148, stderr: .exactly("Invalid runtime: iOS 3.0\n")),
        SimctlStep(["create"], exit: 64, stderr: .contains(
            "Missing arguments for create: it takes at least 2, got none.\nCreate a new device.\nUsage: simctl create <name>")),
        SimctlStep(["list", "runtimes", "iOS", "17"], exit: 64, stderr: .contains(
            "Too many arguments for list: it takes at most 2, got 3 (runtimes iOS 17). Quote names that contain spaces.\n")),
        SimctlStep(["list", "iphone", "15"], exit: 64, stderr: .contains("Unknown list type: iphone. A search term after it needs one of")),
        SimctlStep(["boot", "$PHONE", "extra"], exit: 64, stderr: .contains("Usage: simctl boot <device>")),
        SimctlStep(["list", "--bogus"], exit: 64, stderr: .contains("Unknown option: --bogus")),
        SimctlStep(["shutdown", "$PHONE"], exit: 149, stderr: .exactly(stateError + "Unable to shutdown device in current state: Shutdown\n")),
        SimctlStep(["launch", "$PHONE", "com.photosim.MyLocations"], exit: 149,
                   stderr: .exactly(stateError + "Unable to lookup in current state: Shutdown\n")),
        SimctlStep(["addmedia", "$PHONE", "$PHOTO"], exit: 149, stderr: .exactly(stateError + "Unable to lookup in current state: Shutdown\n")),
        SimctlStep(["boot", "$phone"]),
        SimctlStep(["boot", "$PHONE"], exit: 149, stderr: .exactly(stateError + "Unable to boot device in current state: Booted\n")),
        SimctlStep(["erase", "$PHONE"], exit: 149,
                   stderr: .exactly(stateError + "Unable to erase contents and settings in current state: Booted\n")),
        SimctlStep(["list", "devices", "booted"], stdout: .exactly("== Devices ==\n-- iOS 15.5 --\n-- iOS 17.0 --\n    Phone ($PHONE) (Booted) \n")),
        SimctlStep(["list", "-j", "devices", "booted"], stdout: .contains("\"udid\" : \"$PHONE\"")),
        SimctlStep(["list", "devicetypes", "ipod"],
                   stdout: .exactly("== Device Types ==\niPod touch (7th generation) (com.apple.CoreSimulator.SimDeviceType.iPod-touch--7th-generation-)\n")),
        SimctlStep(["list", "runtimes", "--json"], stdout: .contains("\"buildversion\" : \"21A328\"")),
        SimctlStep(["list", "pairs"], stdout: .exactly("== Device Pairs ==\n")),
        SimctlStep(["list", "pairs", "-j"], stdout: .exactly("{\n  \"pairs\" : {\n\n  }\n}\n")),
        SimctlStep(["launch", "booted", "com.photosim.MyLocations"], stdout: .exactly("com.photosim.MyLocations: 1001\n")),
        SimctlStep(["launch", "booted", "com.photosim.MyLocations"], stdout: .exactly("com.photosim.MyLocations: 1001\n")),
        SimctlStep(["launch", "Phone", "com.photosim.PhotoShare"], stdout: .exactly("com.photosim.PhotoShare: 1002\n")),
        SimctlStep(["launch", "booted", "com.example.Missing"], exit: 4,
                   stderr: .contains("(domain=FBSOpenApplicationServiceErrorDomain, code=4):\nSimulator device failed to launch com.example.Missing.")),
        SimctlStep(["terminate", "booted", "com.photosim.PhotoShare"]),
        SimctlStep(["terminate", "booted", "com.photosim.PhotoShare"], exit: 3, stderr: .exactly(
            "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=3):\n"
                + "Simulator device failed to terminate com.photosim.PhotoShare.\nfound nothing to terminate\n")),
        SimctlStep(["listapps", "booted"], stdout: .contains("    \"com.photosim.MyLocations\" =     {\n        ApplicationType = User;\n")),
        SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations"], stdout: .contains("/MyLocations.app\n")),
        SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations", "data"], stdout: .contains("$SET/$PHONE/data/Containers/Data/Application/")),
        SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations", "groups"]),
        SimctlStep(["get_app_container", "booted", "com.example.None"], exit: 2, stderr: .contains("(domain=NSPOSIXErrorDomain, code=2)")),
        SimctlStep(["get_app_container", "booted", "com.photosim.MyLocations", "bogus"], exit: 64, stderr: .contains("Unknown container: bogus")),
        SimctlStep(["privacy", "booted", "grant", "photos", "com.photosim.MyLocations"]),
        SimctlStep(["privacy", "booted", "revoke", "camera", "com.photosim.PhotoShare"]),
        SimctlStep(["privacy", "booted", "grant", "teleport", "com.photosim.MyLocations"], exit: 64,
                   stderr: .contains("Unknown privacy service: teleport\nGrant, revoke, or reset privacy and permissions\n")),
        SimctlStep(["privacy", "booted", "grant", "camera"], exit: 64, stderr: .contains("grant requires a bundle identifier.")),
        SimctlStep(["privacy", "booted", "zap", "camera", "com.photosim.MyLocations"], exit: 64, stderr: .contains("Unknown action: zap")),
        SimctlStep(["privacy", "booted", "reset", "all"]),
        SimctlStep(["addmedia", "booted", "$PHOTO"]),
        SimctlStep(["addmedia", "booted", "$FOLDER"], exit: 65, stderr: .exactly(
            "Cannot add $FOLDER: it is a folder. Give the JPEG or PNG files inside it (simctl addmedia <device> $FOLDER/*.jpg). "
                + "Nothing was added.\n")),
        SimctlStep(["addmedia", "booted", "$TEXT"], exit: 65, stderr: .contains("Nothing was added.")),
        SimctlStep(["addmedia", "booted", "$FOLDER/missing.jpg"], exit: 65, stderr: .contains("Cannot read $FOLDER/missing.jpg")),
        SimctlStep(["media", "list", "booted"], stdout: .contains("DCIM/100APPLE/IMG_0007.JPG 16x12 beach.jpg\n")),
        SimctlStep(["addmedia", "booted", "$SPACED"]),
        SimctlStep(["media", "list", "booted"], stdout: .contains("DCIM/100APPLE/IMG_0008.JPG 16x12 my beach.jpg\n")),
        SimctlStep(["media", "list", "booted", "--json"], stdout: .contains("\"originalFilename\" : \"beach.jpg\"")),
        SimctlStep(["media", "remove", "booted", "00000000-0000-4000-8000-000000000000/L0/001"], exit: 2,
                   stderr: .contains("No asset with local identifier 00000000-0000-4000-8000-000000000000/L0/001")),
        SimctlStep(["media", "bogus", "booted"], exit: 64, stderr: .contains("Usage: simctl media list")),
        SimctlStep(["shutdown", "all"]),
        SimctlStep(["list", "devices", "booted"], stdout: .exactly("== Devices ==\n-- iOS 15.5 --\n-- iOS 17.0 --\n")),
        SimctlStep(["erase", "$PHONE", "$phone"]),
        SimctlStep(["erase", "all"]),
        SimctlStep(["delete", "$POD"]),
        SimctlStep(["delete", "$POD"], exit: 148, stderr: .exactly("Invalid device: $POD\n")),
        SimctlStep(["delete", "unavailable"]),
        SimctlStep(["delete", "all"]),
        SimctlStep(["list", "devices"], stdout: .exactly("== Devices ==\n")),
    ]

    @Test func everySubcommandAndErrorMatchesTheTable() throws {
        let runner = try SimctlRunner()
        let values = [
            "PHONE": try runner.createDevice("Phone"),
            "POD": try runner.createDevice("Pod", type: "com.apple.CoreSimulator.SimDeviceType.iPod-touch--7th-generation-"),
            "PHOTO": try runner.writeJPEG(named: "beach.jpg"),
            "SPACED": try runner.writeJPEG(named: "my beach.jpg"),
            "TEXT": try runner.writeText(named: "notes.txt"),
            "FOLDER": runner.folder,
            "SET": runner.setPath,
        ]
        let lowercased = ["phone": values["PHONE"]!.lowercased()]
        for step in SimctlEndToEndTests.steps.map({ $0.substituting(lowercased).substituting(values) }) {
            let result = try runner.run(step.arguments)
            #expect(result.exitCode == step.exitCode, "\(step)\n\(result)")
            #expect(step.standardOutput.check(result.standardOutput), "stdout of \(step)\n\(result)")
            #expect(step.standardError.check(result.standardError), "stderr of \(step)\n\(result)")
        }
    }

    @Test func helpFlagPrintsEachSubcommandsUsage() throws {
        let runner = try SimctlRunner()
        for subcommand in SimctlSubcommand.allCases {
            for flag in ["--help", "-h"] {
                let result = try runner.run([subcommand.rawValue, flag])
                #expect(result.exitCode == 0 && result.standardOutput == subcommand.usage && result.standardError.isEmpty,
                        "\(subcommand.rawValue) \(flag)\n\(result)")
            }
        }
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
