import Foundation
import Simulator
import Testing

/// `rename`, `clone`, `getenv`, `bootstatus` and `appinfo` end to end, one row each, run as the
/// main table's rows are (``SimctlEndToEndTests/everySubcommandAndErrorMatchesTheTable(_:)``).
@Suite("simctl rename, clone, getenv, bootstatus, appinfo end to end")
struct ClientCommandsEndToEndTests {
    static let stateError = SimctlEndToEndTests.stateError

    static let rows: [EndToEndRow] = [
        // rename
        EndToEndRow("rename renames", .shutDown, after: [["rename", "$PHONE", "Work Phone"]], SimctlStep(["list", "devices", "work"],
            stdout: .exactly("== Devices ==\n-- iOS 15.5 --\n-- iOS 17.0 --\n    Work Phone ($PHONE) (Shutdown) \n"))),
        EndToEndRow("rename a booted device", .phoneBooted, SimctlStep(["rename", "booted", "Still Booted"])),
        EndToEndRow("rename to a reserved word", .shutDown, SimctlStep(["rename", "$PHONE", "booted"], exit: 64,
            stderr: .contains("The device name \"booted\" is reserved"))),
        EndToEndRow("rename an unknown device", .shutDown, SimctlStep(["rename", "Nope", "x"], exit: 148,
            stderr: .exactly("Invalid device: Nope\n"))),
        EndToEndRow("rename without a name", .shutDown, SimctlStep(["rename", "$PHONE"], exit: 64,
            stderr: .contains("Usage: simctl rename <device> <name>"))),

        // clone
        EndToEndRow("clone a booted device", .phoneBooted, SimctlStep(["clone", "$PHONE", "Copy"], exit: 149,
            stderr: .exactly(stateError + "Unable to clone device in current state: Booted\n"))),
        EndToEndRow("clone to a blank name", .shutDown, SimctlStep(["clone", "$PHONE", " "], exit: 64,
            stderr: .contains("The device name \" \" is blank"))),
        EndToEndRow("clone an unknown device", .shutDown, SimctlStep(["clone", "Nope", "Copy"], exit: 148,
            stderr: .exactly("Invalid device: Nope\n"))),

        // getenv
        EndToEndRow("getenv the UDID", .phoneBooted, SimctlStep(["getenv", "booted", "SIMULATOR_UDID"], stdout: .exactly("$PHONE\n"))),
        EndToEndRow("getenv the model", .phoneBooted, SimctlStep(["getenv", "$PHONE", "SIMULATOR_MODEL_IDENTIFIER"],
            stdout: .exactly("iPhone15,4\n"))),
        EndToEndRow("getenv the screen scale", .phoneBooted, SimctlStep(["getenv", "booted", "SIMULATOR_MAINSCREEN_SCALE"],
            stdout: .exactly("3.000000\n"))),
        EndToEndRow("getenv the runtime", .phoneBooted, SimctlStep(["getenv", "booted", "SIMULATOR_RUNTIME_VERSION"],
            stdout: .exactly("17.0\n"))),
        EndToEndRow("getenv HOME", .phoneBooted, SimctlStep(["getenv", "booted", "HOME"], stdout: .exactly("$SET/$PHONE/data\n"))),
        EndToEndRow("getenv an unknown variable", .phoneBooted, SimctlStep(["getenv", "booted", "NO_SUCH_VARIABLE"], exit: 2,
            stderr: .exactly("An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2):\n"
                + "Simulator device failed to getenv NO_SUCH_VARIABLE.\nNo such file or directory\n"))),
        EndToEndRow("getenv on a shut-down device", .shutDown, SimctlStep(["getenv", "$PHONE", "HOME"], exit: 149,
            stderr: .exactly(stateError + "Unable to lookup in current state: Shutdown\n"))),

        // bootstatus
        EndToEndRow("bootstatus of a booted device", .phoneBooted, SimctlStep(["bootstatus", "booted"],
            stdout: .exactly("Monitoring boot status for Phone ($PHONE).\nDevice already booted, nothing to do.\n"))),
        EndToEndRow("bootstatus -b boots", .shutDown, SimctlStep(["bootstatus", "$PHONE", "-b"],
            stdout: .contains("Monitoring boot status for Phone ($PHONE).\n["))),
        EndToEndRow("bootstatus -b leaves the device booted", .shutDown, after: [["bootstatus", "$PHONE", "-b"]],
            SimctlStep(["list", "devices", "booted"], stdout: .contains("Phone ($PHONE) (Booted)"))),
        EndToEndRow("bootstatus without -b on a shut-down device", .shutDown, SimctlStep(["bootstatus", "$PHONE"], exit: 149,
            stdout: .exactly("Monitoring boot status for Phone ($PHONE).\n"), stderr: .contains("Waiting on Phone ($PHONE) to boot"))),
        EndToEndRow("bootstatus of an unknown device", .shutDown, SimctlStep(["bootstatus", "Nope"], exit: 148,
            stderr: .exactly("Invalid device: Nope\n"))),

        // appinfo
        EndToEndRow("appinfo of an installed app", .phoneBooted, SimctlStep(["appinfo", "booted", "com.photosim.MyLocations"],
            stdout: .contains("{\n    ApplicationType = User;\n    Bundle = \"file://$SET/$PHONE/data/Containers/Bundle/Application/"))),
        EndToEndRow("appinfo of an app that is not installed", .phoneBooted, SimctlStep(["appinfo", "booted", "com.example.None"],
            stdout: .exactly("{\n    CFBundleIdentifier = \"com.example.None\";\n}\n"))),
        EndToEndRow("appinfo on a shut-down device", .shutDown, SimctlStep(["appinfo", "$PHONE", "com.photosim.MyLocations"], exit: 149,
            stderr: .exactly(stateError + "Unable to lookup in current state: Shutdown\n"))),
    ]

    @Test(.deviceSetTemplates, arguments: rows)
    func eachRowMatches(_ row: EndToEndRow) throws {
        try SimctlEndToEndTests().everySubcommandAndErrorMatchesTheTable(row)
    }

    @Test func aCloneHasItsOwnUDIDAndEveryFileOfTheSource() throws {
        let runner = try SimctlRunner()
        let source = try runner.createDevice("Source")
        let photo = try runner.writeJPEG(named: "extra.jpg")
        for step in [["boot", source], ["addmedia", source, photo], ["privacy", source, "grant", "photos", "com.photosim.PhotoShare"],
                     ["shutdown", source]] {
            #expect(try runner.run(step).exitCode == 0, "\(step)")
        }
        let cloned = try runner.run(["clone", source, "Copy"])
        let copy = cloned.standardOutput.trimmingCharacters(in: .newlines)
        #expect(cloned.exitCode == 0 && DeviceUDID(copy) != nil && copy != source, "\(cloned)")
        #expect(try runner.mediaAssets(copy).count == runner.mediaAssets(source).count)

        let sourceData = runner.setPath + "/" + source + "/data"
        let copyData = runner.setPath + "/" + copy + "/data"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sourceData).filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: sourceData + "/" + path, isDirectory: &folder) && !folder.boolValue
        }
        for file in files where !file.hasSuffix("mobile_installation.log.0") {
            #expect(FileManager.default.contents(atPath: copyData + "/" + file) == FileManager.default.contents(atPath: sourceData + "/" + file),
                    "\(file) differs in the clone")
            let linked = try Self.inode(sourceData + "/" + file) == Self.inode(copyData + "/" + file)
            #expect(linked == Self.mayBeShared(file), "\(file): shared \(linked)")
        }
        let log = try String(contentsOfFile: copyData + "/Library/Logs/MobileInstallation/mobile_installation.log.0", encoding: .utf8)
        #expect(log.contains(copyData + "/Containers/Data/Application/") && !log.contains(source))
        #expect(try runner.run(["boot", copy]).exitCode == 0)
        #expect(try runner.run(["launch", copy, "com.photosim.PhotoShare"]).exitCode == 0)
    }

    /// Only photos and non-plist bundle files may be hard-linked; databases and plists never.
    static func mayBeShared(_ file: String) -> Bool {
        file.hasPrefix("Media/DCIM/") || (file.hasPrefix("Containers/Bundle/") && !file.hasSuffix(".plist"))
    }

    static func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }
}
