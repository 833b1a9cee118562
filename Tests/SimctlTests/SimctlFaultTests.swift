import Core
import Foundation
import Testing

/// The built `simctl` under hostile use: damaged and copied device folders, a lock held by a
/// stuck process, standard output that cannot be written, and arguments that name nothing.
/// Every case ends with a message and an exit status, never a trap or a hang.
@Suite("simctl faults end to end")
struct SimctlFaultTests {
    /// One edit to a device.json and the words stderr must then hold.
    static let damagedRecords: [(field: String, value: String, named: String)] = [
        ("nextProcessIdentifier", "9223372036854775807", "`nextProcessIdentifier` is 9223372036854775807"),
        ("nextProcessIdentifier", "1e300", "a number in it is too large for its field"),
        ("nextProcessIdentifier", "-1", "`nextProcessIdentifier` is -1"),
        ("formatVersion", "2", "`formatVersion` is 2"),
        ("state", "\"Flying\"", "`state` is invalid"),
        ("state", "7", "`state` is not"),
        ("name", "\"\"", "`name` is blank"),
        ("name", "\"a\\nb\"", "`name` contains the control character U+000A"),
        ("deviceTypeIdentifier", "\"\"", "`deviceTypeIdentifier` is empty"),
        ("runtimeIdentifier", "null", "`runtimeIdentifier` is null"),
        ("lastBootedAt", "\"soon\"", "`lastBootedAt` is invalid: not an ISO 8601 date: soon"),
        ("runningApplications", "{\"com.photosim.PhotoShare\": 1001}", "`runningApplications` lists running apps"),
        ("installedApplications", "[{\"bundleIdentifier\": \"com.photosim.PhotoShare\", \"bundleFolderName\": \"..\", "
            + "\"bundleContainerIdentifier\": \"x\", \"dataContainerIdentifier\": \"y\"}]", "`bundleFolderName` .."),
        ("installedApplications", "7", "`installedApplications` is not"),
    ]

    @Test func damagedDeviceRecordsAreNamedWithExit74AndNeverTrap() throws {
        let runner = try SimctlRunner()
        let good = try runner.createDevice("Good")
        let damaged = try runner.createDevice("Damaged")
        let recordPath = runner.setPath.appendingPathComponent("\(damaged)/device.json")
        let original = try runner.fileSystem.contents(of: recordPath)
        for edit in SimctlFaultTests.damagedRecords {
            var object = try #require(try JSONSerialization.jsonObject(with: original) as? [String: Any])
            object[edit.field] = try JSONSerialization.jsonObject(with: Data(edit.value.utf8), options: .fragmentsAllowed)
            try runner.fileSystem.writeAtomically(try JSONSerialization.data(withJSONObject: object), to: recordPath)

            for arguments in [["boot", damaged], ["launch", damaged, "com.photosim.MyLocations"], ["erase", damaged]] {
                let result = try runner.run(arguments)
                #expect(result.exitCode == 74, "\(edit.field) = \(edit.value): \(arguments)\n\(result)")
                #expect(result.standardError.hasPrefix("The device record \(recordPath) cannot be read ("), "\(result)")
                #expect(result.standardError.contains(edit.named), "\(edit.field) = \(edit.value)\n\(result)")
                #expect(result.standardError.hasSuffix("`simctl delete \(damaged)` and create it again.\n"))
            }
            let listed = try runner.run(["list", "devices"])
            #expect(listed.exitCode == 0 && listed.standardOutput.contains("Good (\(good))") && !listed.standardOutput.contains(damaged))
            #expect(listed.standardError.hasPrefix("warning: The device record \(recordPath)"), "\(listed)")
        }
        #expect(try runner.run(["delete", damaged]).exitCode == 0)
    }

    @Test func aCopiedDeviceFolderNeverRewritesTheOriginal() throws {
        let runner = try SimctlRunner()
        let original = try runner.createDevice("Original")
        let copy = "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE"
        try FileManager.default.copyItem(atPath: runner.setPath.appendingPathComponent(original),
                                         toPath: runner.setPath.appendingPathComponent(copy))
        let listed = try runner.run(["list", "devices"])
        #expect(listed.standardOutput.components(separatedBy: original).count == 2, "one device per UDID\n\(listed)")
        #expect(listed.standardError.contains("belongs to device \(original), not to its folder \(copy)"), "\(listed)")
        let boot = try runner.run(["boot", copy])
        #expect(boot.exitCode == 74 && boot.standardError.contains("`simctl delete \(copy)`"), "\(boot)")
        #expect(try runner.run(["list", "devices", "booted"]).standardOutput.contains("Booted") == false)
        #expect(try runner.run(["boot", original]).exitCode == 0)
        #expect(try runner.run(["delete", copy]).exitCode == 0)
        #expect(try runner.run(["list", "devices", "booted"]).standardOutput.contains("Original (\(original)) (Booted)"))
    }

    @Test func unwritableStandardOutputIsAnErrorAndCreateStillNamesItsDevice() throws {
        let runner = try SimctlRunner()
        let listed = try runner.run(["list"], environment: [:], standardOutputPath: "/dev/full")
        #expect(listed.exitCode == 74, "\(listed)")
        #expect(listed.standardError == "Cannot write to standard output: No space left on device (errno 28).\n")

        let created = try runner.run(["create", "Lost", "iPhone 15"], environment: [:], standardOutputPath: "/dev/full")
        #expect(created.exitCode == 74, "\(created)")
        let udid = try #require(created.standardError.split(separator: " ").first { $0.count == 36 }.map(String.init), "\(created)")
        #expect(created.standardError.hasSuffix("The device \(udid) was created all the same; `simctl list devices` shows it.\n"))
        #expect(try runner.run(["list", "devices"]).standardOutput.contains("Lost (\(udid)) (Shutdown)"))
    }

    @Test func aLockHeldByAnotherProgramIsNamedFromProcLocksAsExclusive() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        let lockPath = runner.setPath.appendingPathComponent(".lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)   // as `flock(1)` or a script would: nothing written in the file

        let result = try runner.run(["boot", phone], environment: ["PHOTOSIM_LOCK_TIMEOUT_SECONDS": "0.2"])
        #expect(result.exitCode == 75, "\(result)")
        #expect(result.standardError.hasPrefix("Timed out after 0.2 s waiting for the lock \(lockPath): "
                                               + "it is held by pid \(getpid()) ("), "\(result)")
        #expect(result.standardError.contains("), exclusively. "), "\(result)")
        #expect(!result.standardError.contains("shared"), "\(result)")
    }

    @Test func aLockHeldTooLongFailsNamingItsHolder() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        let lockPath = runner.setPath.appendingPathComponent(".lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX) == 0)
        let holder = Array("pid 4242 simctl addmedia\n".utf8)
        _ = holder.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }

        let result = try runner.run(["boot", phone], environment: ["PHOTOSIM_LOCK_TIMEOUT_SECONDS": "0.2"])
        #expect(result.exitCode == 75, "\(result)")
        #expect(result.standardError.hasPrefix("Timed out after 0.2 s waiting for the lock \(lockPath): "
                                               + "it is held by pid 4242 simctl addmedia."), "\(result)")
        let bad = try runner.run(["list"], environment: ["PHOTOSIM_LOCK_TIMEOUT_SECONDS": "soon"])
        #expect(bad.exitCode == 64 && bad.standardError.contains("PHOTOSIM_LOCK_TIMEOUT_SECONDS must be a number"), "\(bad)")
        flock(descriptor, LOCK_UN)
        #expect(try runner.run(["boot", phone]).exitCode == 0)
    }

    /// Arguments that name nothing or the wrong thing, and what simctl must answer.
    static let refusedArguments: [(arguments: [String], exit: Int32, says: String)] = [
        (["--set", "/etc/passwd/x", "list"], 74, "Cannot use the device set /etc/passwd/x: a folder above it is a file."),
        (["--set", "--", "list"], 64, "--set needs a path, not `--`."),
        (["--set=", "list"], 64, "--set needs a path."),
        (["--set", "a", "--set", "b", "list"], 64, "--set was given twice (a, then b); give it once."),
        (["--profiles", "-x", "list"], 64, "--profiles needs a path, not `-x`."),
        (["create", "", "iPhone 15"], 64, "Argument 1 of create is empty"),
        (["create", "booted", "iPhone 15"], 64, "The device name \"booted\" is reserved"),
        (["create", "   ", "iPhone 15"], 64, "The device name \"   \" is blank"),
        (["create", "two\nlines", "iPhone 15"], 64, "The device name \"two\\nlines\" contains the control character U+000A"),
        (["create", "7d0f1a9e-3c42-4b8e-9a51-0e6f2b7c9d14", "iPhone 15"], 64,
         "The device name \"7d0f1a9e-3c42-4b8e-9a51-0e6f2b7c9d14\" reads as a UDID"),
        (["rename", "booted", "7D0F1A9E-3C42-4B8E-9A51-0E6F2B7C9D14"], 64, "reads as a UDID"),
        (["create", "Pod", "iPod touch (7th generation)", "iOS 17.0"], 147, "Incompatible device\nUnable to create a device"),
        (["boot", ""], 64, "Argument 1 of boot is empty"),
        (["boot", "--", "--"], 148, "Invalid device: --"),
    ]

    @Test func argumentsThatNameNothingAreRefusedInWords() throws {
        let runner = try SimctlRunner()
        for refused in SimctlFaultTests.refusedArguments {
            let result = try runner.run(refused.arguments, environment: [:], useSet: !refused.arguments.contains("--set")
                                        && !refused.arguments.contains { $0.hasPrefix("--set=") })
            #expect(result.exitCode == refused.exit, "\(refused.arguments)\n\(result)")
            #expect(result.standardError.contains(refused.says), "\(refused.arguments)\n\(result)")
        }
        #expect(try runner.run(["list", "devices"]).standardOutput == "== Devices ==\n")

        let empty = try runner.run(["list"], environment: ["PHOTOSIM_DEVICE_SET": "", "HOME": runner.folder], useSet: false)
        #expect(empty.exitCode == 64 && empty.standardError.hasPrefix("PHOTOSIM_DEVICE_SET is set but empty"), "\(empty)")
    }
}
