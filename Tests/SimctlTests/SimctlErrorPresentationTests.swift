import Core
import Platform
import Simulator
import Testing

/// The one mapping from the simulator's typed errors to Apple's `simctl` texts and statuses, case
/// by case; and the typed errors' own descriptions, which speak to a library user without `simctl`.
@Suite("simctl error presentation")
struct SimctlErrorPresentationTests {
    static let phone = DeviceCatalogue.standard.deviceType(matching: "iPhone 15")!
    static let runtime = DeviceCatalogue.standard.runtime(matching: "iOS 16.4")!
    static let udid = DeviceUDID("F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC")!
    static let bundle = BundleIdentifier("com.example.App")
    static let stateError = "An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=405):\n"

    /// Each case, the subcommand that met it, the status and the start of the text `simctl` prints.
    static let rows: [(error: DeviceSetError, subcommand: SimctlSubcommand?, exit: Int32, text: String)] = [
        (.noDevicesBooted, .boot, 148, "No devices are booted."),
        (.deviceNotFound(.name("Nope")), .boot, 148, "Invalid device: Nope"),
        (.deviceNotFound(.udid(udid)), .delete, 148, "Invalid device: F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC"),
        (.unknownDeviceType("iPhone 99"), .create, 148, "Invalid device type: iPhone 99"),
        (.unknownRuntime("iOS 3.0"), .create, 148, "Invalid runtime: iOS 3.0"),
        (.noRuntimeAvailable, .create, 148, "Invalid runtime: (none available)"),
        (.incompatibleRuntime(deviceType: phone, runtime: runtime), .create, 147,
         "An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=403):\nIncompatible device\n"
            + "Unable to create a device for device type: iPhone 15 (com.apple.CoreSimulator.SimDeviceType.iPhone-15), runtime: iOS 16.4"),
        (.noCompatibleRuntime(deviceType: phone), .create, 147, "An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=403)"),
        (.wrongState(.boot, state: .booted), .boot, 149, stateError + "Unable to boot device in current state: Booted"),
        (.wrongState(.shutdown, state: .shutdown), .shutdown, 149, stateError + "Unable to shutdown device in current state: Shutdown"),
        (.wrongState(.erase, state: .booted), .erase, 149, stateError + "Unable to erase contents and settings in current state: Booted"),
        (.wrongState(.appLookup, state: .shutdown), .launch, 149, stateError + "Unable to lookup in current state: Shutdown"),
        (.wrongState(.privacyChange, state: .creating), .privacy, 149, stateError + "Unable to change privacy settings in current state: Creating"),
        (.unavailable(.boot, reason: "runtime profile not found"), .boot, 149,
         stateError + "Unable to boot device: the device is unavailable (runtime profile not found). `simctl delete unavailable` removes such devices."),
        (.app(.notInstalled(bundle)), .launch, 4, "An error was encountered processing the command (domain=FBSOpenApplicationServiceErrorDomain, code=4):\n"
            + "Simulator device failed to launch com.example.App."),
        (.app(.notInstalled(bundle)), .getAppContainer, 2, "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=2)"),
        (.app(.notRunning(bundle)), .terminate, 3, "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=3):\n"
            + "Simulator device failed to terminate com.example.App.\nfound nothing to terminate"),
        (.privacy(.unknownService("teleport")), .privacy, 64, "Unknown privacy service: teleport"),
        (.privacy(.bundleIdentifierRequired(.grant)), .privacy, 64, "grant requires a bundle identifier."),
        (.invalidName("booted", problem: "is reserved"), .create, 64, "The device name \"booted\" is reserved. Choose another name."),
        (.noMediaFiles, .addmedia, 64, "No media files given."),
        (.noLocalIdentifiers, .media, 64, "No local identifiers given."),
        (.emptySetVariable("PHOTOSIM_DEVICE_SET"), nil, 64, "PHOTOSIM_DEVICE_SET is set but empty"),
        (.mediaPathIsFolder("/tmp/x"), .addmedia, 65, "Cannot add /tmp/x: it is a folder. Give the photo files inside it (simctl addmedia <device> /tmp/x/*.jpg)."),
        (.media(.unknownAsset("X/L0/001")), .media, 2, "No asset with local identifier X/L0/001"),
        (.record(.unreadable(udid: udid, path: "/s/\(udid)/device.json", reason: "not JSON")), .boot, 74,
         "The device record /s/\(udid)/device.json cannot be read (not JSON). Delete the device with `simctl delete \(udid)` and create it again."),
        (.record(.unreadable(udid: udid, path: "/s/\(udid)/data/Library/TCC/privacy.json", reason: "x")), .privacy, 74,
         "The device file /s/\(udid)/data/Library/TCC/privacy.json cannot be read (x). Shut the device down and run `simctl erase \(udid)`"),
        (.record(.misplaced(folder: "B", recordUDID: udid, path: "/s/B/device.json")), .boot, 74,
         "The device record /s/B/device.json belongs to device \(udid), not to its folder B"),
        (.unusableSet(path: "/etc/passwd/x", reason: "a folder above it is a file"), .list, 74,
         "Cannot use the device set /etc/passwd/x: a folder above it is a file. Pass --set <folder>"),
        (.lockTimedOut(path: "/s/.lock", timeoutSeconds: 10, holder: "pid 1 ci-script"), .boot, 75,
         "Timed out after 10 s waiting for the lock /s/.lock: it is held by pid 1 ci-script. Wait for that command to finish or end it "
            + "if it is stuck, then try again; PHOTOSIM_LOCK_TIMEOUT_SECONDS sets how long simctl waits."),
        (.fileSystem(.noSpace(path: "/s/x")), .create, 74, ""),
    ]

    @Test func eachErrorHasApplesTextAndStatus() {
        for row in Self.rows {
            let presented = SimctlError(row.error, subcommand: row.subcommand)
            #expect(presented.exitCode == row.exit, "\(row.error)")
            #expect(presented.description.hasPrefix(row.text), "\(row.error): \(presented.description)")
        }
    }

    @Test func usageMistakesShowTheUsageOfTheSubcommandThatMetThem() {
        for row in Self.rows {
            let usage = SimctlError(row.error, subcommand: row.subcommand).usageAfterMessage
            if row.exit != 64 {
                #expect(usage == nil, "\(row.error)")
            } else if case .privacy = row.error {
                #expect(usage == SimctlSubcommand.privacy.usage)
            } else {
                #expect(usage == row.subcommand?.usage, "\(row.error)")
            }
        }
        #expect(SimctlError.invalidArguments(subcommand: "boot", reason: "x").usageAfterMessage == SimctlSubcommand.boot.usage)
        #expect(SimctlError.invalidArguments(subcommand: "simctl", reason: "x").usageAfterMessage == nil)
    }

    /// A library user never sees `simctl`, CoreSimulator's domain or an exit status in a typed error.
    @Test func typedErrorsSpeakWithoutTheCommandLine() {
        for row in Self.rows where !row.error.description.isEmpty {
            if case .media = row.error { continue }
            if case .fileSystem = row.error { continue }
            let text = row.error.description
            #expect(!text.contains("simctl") && !text.contains("domain=") && !text.contains("PHOTOSIM_LOCK"), "\(row.error): \(text)")
        }
    }
}
