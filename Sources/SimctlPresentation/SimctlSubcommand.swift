import DeviceStore
import Foundation

/// The subcommands PhotoSim's `simctl` implements, with Apple's one-line summaries and usage
/// text where Apple has them (quoted from `xcrun simctl help` and `xcrun simctl help <subcommand>`
/// output as published in public projects, e.g. ctreffs/SwiftSimctl pull request 18 for
/// `get_app_container`; `rename`, `clone`, `getenv` and `appinfo` as quoted in public simctl
/// wrappers such as ahinton's simctl server controllers; `bootstatus <device> [-bcd]` from a
/// published `xcrun simctl help bootstatus` of Xcode 27), trimmed to the options we implement.
public enum SimctlSubcommand: String, Sendable, CaseIterable {
    case addmedia
    case appinfo
    case boot
    case bootstatus
    case clone
    case create
    case delete
    case erase
    case explore
    case getAppContainer = "get_app_container"
    case getenv
    case help
    case install
    case io
    case launch
    case list
    case listapps
    case location
    case media
    case openurl
    case privacy
    case rename
    case run
    case shutdown
    case spawn
    case terminate
    case uninstall

    /// The line `simctl help` prints for the subcommand.
    public var summary: String {
        switch self {
        case .addmedia: return "Add photos, live photos, videos, or contacts to the library of a device."
        case .appinfo: return "Show information about an installed application."
        case .boot: return "Boot a device or device pair."
        case .bootstatus: return "Wait for a device to finish booting, or boot it with -b."
        case .clone: return "Clone an existing device."
        case .create: return "Create a new device."
        case .delete: return "Delete specified devices, unavailable devices, or all devices."
        case .erase: return "Erase a device's contents and settings."
        case .getAppContainer: return "Print the path of the installed app's container"
        case .getenv: return "Print an environment variable from a running device."
        case .help: return "Prints the usage for a given subcommand."
        case .install: return "Install an app on a device."
        case .io: return "Set up a device IO operation."
        case .launch: return "Launch an application by identifier on a device."
        case .list: return "List available devices, device types, runtimes, or device pairs."
        case .listapps: return "Show the installed applications."
        case .location: return "Control a device's simulated location"
        case .media: return "List or remove the photos of a device's library (PhotoSim only)."
        case .openurl: return "Open a URL in a device."
        case .privacy: return "Grant, revoke, or reset privacy and permissions"
        case .rename: return "Rename a device."
        case .run: return "Run scenario files (Maestro flows) on temporary devices (PhotoSim only)."
        case .explore: return "Explore an app with random events, checked after each; shrink a failure to a scenario (PhotoSim only)."
        case .shutdown: return "Shutdown a device."
        case .spawn: return "Spawn a process by executing a given executable on a device."
        case .terminate: return "Terminate an application by identifier on a device."
        case .uninstall: return "Uninstall an app from a device."
        }
    }

    /// The full text of `simctl help <subcommand>`, with a final newline.
    public var usage: String { summary + "\n" + details + "\n" }

    private var details: String {
        switch self {
        case .addmedia:
            return """
            Usage: simctl addmedia <device> <path> [... <path>]

            PhotoSim adds photos only: JPEG, PNG, HEIC or GIF files. The device must be booted.
            All files are added or none is.
            """
        case .appinfo: return "Usage: simctl appinfo <device> <app bundle identifier>"
        case .boot: return "Usage: simctl boot <device>"
        case .bootstatus:
            return """
            Usage: simctl bootstatus <device> [-b]

            -b     Boot the device if it isn't already booted

            Prints "Monitoring boot status for <name> (<UDID>)." and how the boot ended. PhotoSim boots at once,
            so there is nothing to wait for; a device that is not booted without -b is an error (exit 149).
            """
        case .clone:
            return """
            Usage: simctl clone <device> <new name>

            The device must be shut down. Prints the new device's UDID.
            """
        case .create:
            return """
            Usage: simctl create <name> <device type id> [<runtime id>] [--no-camera]

            \tdevice type id  A valid available device type. Find these by running "xcrun simctl list devicetypes".
            \t                Examples: ("iPhone 15", "com.apple.CoreSimulator.SimDeviceType.iPhone-15")
            \truntime id      A valid and available runtime. Find these by running "xcrun simctl list runtimes".
            \t                If no runtime is specified the newest runtime compatible with the device type is chosen.
            \t                Examples: ("iOS 17.0", "com.apple.CoreSimulator.SimRuntime.iOS-17-0")
            \t--no-camera     (PhotoSim's) The device has no camera, as every device of Apple's Simulator:
            \t                UIImagePickerController.isSourceTypeAvailable(.camera) is false on it.
            """
        case .delete: return "Usage: simctl delete <device> [... <device n>] | unavailable | all"
        case .erase: return "Usage: simctl erase <device> [... <device n>] | all"
        case .getAppContainer:
            return """
            Usage: simctl get_app_container <device> <app bundle identifier> [<container>]

            container   Optionally specify the container. Defaults to app.
              app                 The .app bundle
              data                The application's data container
              groups              The App Group containers
            """
        case .getenv: return "Usage: simctl getenv <device> <variable name>"
        case .help: return "Usage: simctl help [subcommand]"
        case .install:
            return """
            Usage: simctl install <device> <path>

            <path> is an .app folder whose Info.plist names its CFBundleIdentifier. The device must be booted.
            Reinstalling an app keeps its data container.
            """
        case .io: return SimctlSubcommand.ioDetails
        case .openurl:
            return """
            Usage: simctl openurl <device> <URL>

            The installed app whose Info.plist names the URL's scheme (CFBundleURLTypes) opens it: it is
            launched if it is not running. The device has no Safari: a link no app claims is not opened.
            """
        case .launch:
            return """
            Usage: simctl launch [--console|--console-pty] [--terminate-running-process] <device> <app bundle identifier> [<argv 1> <argv 2> ... <argv n>]

            \t--console, --console-pty
            \t     Print what the app wrote to its standard output and error while it launched.
            \t--terminate-running-process
            \t     Terminate the app if it is running, then launch it again (with a new pid).
            The device must be booted. Prints "<app bundle identifier>: <pid>".
            An app built against PhotoSim's UIKit runs in its own process, in its data container,
            until its first screen has settled; then the process ends as iOS ends a suspended app.
            The words after the bundle identifier are its arguments; set environment variables for
            it with a SIMCTL_CHILD_ prefix (SIMCTL_CHILD_FOO=1 gives the app FOO=1).
            """
        case .list:
            return """
            Usage: simctl list [-j | --json] [-e | --no-escape-slashes] [devices|devicetypes|runtimes|pairs] [<search term>|available]
            -j     Print as JSON
            -e     Encode slashes without escapes in JSON output

            Specify one of 'devices', 'devicetypes', 'runtimes', or 'pairs' to list only
            items of that type. If a type filter is specified you may also specify a search
            term. Search terms use a simple case-insensitive contains check against the
            item's description.
            """
        case .listapps: return "Usage: simctl listapps <device>"
        case .location: return SimctlSubcommand.locationDetails
        case .media:
            return """
            Usage: simctl media list <device> [-j | --json]
                   simctl media remove <device> <local identifier> [... <local identifier>]

            list prints one photo a line: <local identifier> <file> <width>x<height> <original file name>,
            or a JSON array of assets with --json. remove deletes photos, all or nothing.
            """
        case .privacy: return SimctlSubcommand.privacyDetails
        case .rename: return "Usage: simctl rename <device> <name>"
        case .run: return SimctlSubcommand.runDetails
        case .explore: return SimctlSubcommand.exploreDetails
        case .shutdown: return "Usage: simctl shutdown <device> | all"
        case .spawn:
            return """
            Usage: simctl spawn <device> <path to executable> [<argv 1> <argv 2> ... <argv n>]

            PhotoSim's device has one executable: notifyutil (or /usr/bin/notifyutil), with -p <name> to post a
            Darwin notification. UISimulatedMemoryWarningNotification reaches the app as a memory warning after
            its next launch through the app runtime.
            """
        case .terminate: return "Usage: simctl terminate <device> <app bundle identifier>"
        case .uninstall: return "Usage: simctl uninstall <device> <app bundle identifier>"
        }
    }

    /// `simctl help io`, trimmed to `screenshot` (Apple's usage quoted in appium/node-simctl pull request 36).
    private static var ioDetails: String {
        """
        Usage: simctl io <device> <operation> <arguments>

        	screenshot [--type=<type>] [--display=<display>] [--mask=<policy>] <file or url>
        	    Saves a screenshot as a PNG to the specified file or url(use "-" for stdout).
        	    --type       Can be "png", "tiff", "bmp", "gif", "jpeg". Default is png.
        	                 PhotoSim writes png and jpeg; without --type a .jpg or .jpeg name writes JPEG.
        	    --display    iOS: supports "main" only.
        	    --mask       "ignored", "alpha" or "black"; PhotoSim's screens are opaque, so all are the same.

        recordVideo, enumerate and poll are not implemented by PhotoSim.
        """
    }

    /// `simctl help location` (Xcode 14, as quoted in MobileNativeFoundation/set-simulator-location
    /// issue 34), trimmed to the actions PhotoSim implements.
    private static var locationDetails: String {
        """
        Usage: simctl location <device> <action> [arguments]

            clear
                Stop any running scenario and clear any simulated location.

            set <lat1>,<lon1>
                Set the location to a specific latitude and longitude.

        list, run and start are not implemented by PhotoSim.
        """
    }

    /// `simctl run`'s options and exit codes (docs/scenarios.md, docs/ci.md): the text of
    /// `ScenarioCommandLine.help(program: .simctlRun)`, which a test keeps equal.
    private static var runDetails: String {
        """
        Usage: simctl run [--seed N] [--repeat N] [--include-tags T] [--exclude-tags T] [-j N] [--junit PATH] [--json]
                          [--report DIR] [--check-determinism] [-e KEY=VALUE] [--shard-split N --shard-index I]
                          [--device D] [--keep] [--fault-rate R] [--checkers C] [--skip-checkers C] <file|folder>...

        \t--seed N              the seed of every scenario (default: the header's, else derived from the path)
        \t--repeat N            run each scenario N times, a new seed each time (printed)
        \t--include-tags T      run only scenarios with one of these tags (repeat, or T1,T2)
        \t--exclude-tags T      skip scenarios with any of these tags
        \t-j N                  scenarios run at once (default: the cores)
        \t--junit PATH          write a JUnit XML report (also to $XML_OUTPUT_FILE under Bazel)
        \t--json                print the JSON report on standard output, the summary on standard error
        \t--report DIR          write an HTML report with screenshots to DIR/index.html
        \t--screenshots DIR     write each takeScreenshot as DIR/<path>.png (default: here, as maestro test)
        \t--check-determinism   run each scenario twice and fail when the traces differ
        \t-e, --env KEY=VALUE   a parameter for ${KEY} (Maestro's -e)
        \t--shard-split N       split the scenarios into N shards (also Bazel's TEST_TOTAL_SHARDS)
        \t--shard-index I       run shard I, from 0 (also Bazel's TEST_SHARD_INDEX)
        \t--device D            run on this device of the set instead of temporary devices
        \t--keep                keep the temporary devices of failed scenarios and print where
        \t--fault-rate R        fail each file operation with chance R, drawn from the seed (docs/faults.md)
        \t--checkers C          run only these checkers after launches and at the end (repeat, or C1,C2)
        \t--skip-checkers C     do not run these checkers (repeat, or C1,C2)
        \t--list-checkers       list the checkers of the platform and of each app, then exit
        \t--app APP             an app built against UIKit, run in its own process (repeat; installed first with --device; docs/uikit.md)

        Exit status: 0 all passed, 1 a scenario failed, 64 usage error, 65 an invalid scenario file
        (nothing ran), 74 a report or the device set could not be written or opened, or an --app bundle installed.
        """
    }

    /// `simctl explore`'s options and exit codes (docs/explore.md).
    private static var exploreDetails: String {
        """
        Usage: simctl explore <app bundle id> [--seed N] [--steps N] [--time S] [--device <type>] [--no-camera]
                              [--out DIR] [--json] [--launch-arg KEY=VALUE]... [--app APP]

        Draws random but valid user and platform events for the app (taps, picks, edits, deletes,
        background and foreground, memory warnings, kills and relaunches, permission and library
        changes, clock jumps) on fresh temporary devices, runs the checkers after every event, and
        shrinks a failure to a scenario file that `simctl run` replays.

        \t--seed N              the first run's seed; run k uses N+k (default: a fresh one, printed)
        \t--steps N             events to draw in all (default 1000), in runs of 100
        \t--time S              stop after S seconds
        \t--device <type>       the device type of every run (default iPhone 15)
        \t--no-camera           devices without cameras, as Apple's Simulator makes them
        \t--out DIR             where shrunk scenarios and their photos are written (default photosim-explore)
        \t--json                print one JSON summary line on standard output, the rest on standard error
        \t--launch-arg KEY=VALUE   a launch argument of every launch (the app's variant), repeatable
        \t--app APP             explore this app built against UIKit in its own process (its bundle id
        \t                      must be the one given; the written scenario replays with the same --app)

        Exit status: 0 no checker failed, 1 a checker failed (its scenario was written), 64 usage error,
        74 the output folder could not be written.
        """
    }

    private static var privacyDetails: String {
        let services = PrivacyService.allCases.map { "\t         \($0.rawValue) - \($0.summary)" }.joined(separator: "\n")
        return """
        Usage: simctl privacy <device> <action> <service> [<bundle identifier>]

        \taction
        \t     The action to take:
        \t         grant - Grant access without prompting. Requires bundle identifier.
        \t         revoke - Revoke access, denying all use of the service. Requires bundle identifier.
        \t         reset - Reset access, prompting on next use. Bundle identifier optional.
        \t     Some permission changes will terminate the application if running.
        \tservice
        \t     The service:
        \t         all - Apply the action to all services.
        \(services)
        \tbundle identifier
        \t     The bundle identifier of the target application.

        Examples:
        \treset all permissions: privacy <device> reset all
        \tgrant test host photo permissions: privacy <device> grant photos com.example.app.test-host
        """
    }

    /// The text of `simctl help` (and of `simctl` alone), with a final newline.
    public static var overview: String {
        let lines = allCases.map { "\t" + $0.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0) + $0.summary }
        return """
        usage: simctl [--set <path>] [--profiles <path>] <subcommand> ...
               simctl help [subcommand]
        Command line utility to control the Simulator

        For subcommands that require a <device> argument, you may specify a device UDID
        or the special "booted" string which will cause simctl to pick a booted device.
        If multiple devices are booted when the "booted" device is selected, simctl
        will choose one of them.

        Subcommands:
        \(lines.joined(separator: "\n"))

        """
    }
}
