import Apps
import Platform
import Simulator

/// `simctl io <device> screenshot [--type=<type>] [--display=<display>] [--mask=<policy>] <file or ->`:
/// writes what the device shows, then says so on standard error as Apple's does
/// (`Detected file type from extension: PNG`, `Wrote screenshot to: <path>`).
enum IOCommand {
    static var command: Command {
        Command(.io, positionalCount: 2...Int.max, options: [
            .value(["--type"], placeholder: "type"), .value(["--display"], placeholder: "display"),
            .value(["--mask"], placeholder: "policy"),
        ]) { (invocation) throws(SimctlError) in
            let arguments = invocation.arguments
            switch arguments[1] {
            case "screenshot": try screenshot(invocation)
            case "recordVideo", "enumerate", "poll":
                throw SimctlError(.io(.notImplemented(operation: arguments[1])), subcommand: .io)
            default:
                throw SimctlError(.io(.unknownOperation(arguments[1])), subcommand: .io)
            }
        }
    }

    /// The apps whose code PhotoSim can run to draw their screen.
    static let applications: [AppDefinition] = [
        LootLogger.definition, MyLocations.definition, PhotoBlobs.definition, PhotoShare.definition,
    ]

    private static func screenshot(_ invocation: Invocation) throws(SimctlError) {
        let arguments = invocation.arguments
        guard arguments.positionals.count == 3 else {
            throw .invalidArguments(subcommand: "io", reason: "io screenshot takes one <file or url>, got \(arguments.positionals.count - 2).")
        }
        if let display = arguments.text("--display"), display != "main" {
            throw .invalidArguments(subcommand: "io", reason: "Unknown display: \(display). PhotoSim's devices have the main display only.")
        }
        if let mask = arguments.text("--mask"), !["ignored", "alpha", "black"].contains(mask) {
            throw .invalidArguments(subcommand: "io", reason: "Unknown mask policy: \(mask). Use ignored, alpha or black.")
        }
        let path = arguments[2]
        let format = try format(typeText: arguments.text("--type"), path: path, output: invocation.output)
        if path == "-" {
            let data = try invocation.perform { (set) throws(DeviceSetError) in
                try set.screenshotData(invocation.device(at: 0), format: format, applications: applications)
            }
            try invocation.output.standardOutput(Array(data))
        } else {
            try invocation.perform { (set) throws(DeviceSetError) in
                try set.writeScreenshot(invocation.device(at: 0), to: path, format: format, applications: applications)
            }
            invocation.output.standardError("Wrote screenshot to: \(path)\n")
        }
    }

    /// `--type`'s format, else the one the file name's extension names (said on standard error),
    /// else PNG.
    private static func format(typeText: String?, path: String, output: Output) throws(SimctlError) -> ScreenshotFormat {
        if let typeText {
            guard let format = ScreenshotFormat(rawValue: typeText.lowercased()) else {
                throw SimctlError(.io(.unknownType(typeText)), subcommand: .io)
            }
            return format
        }
        guard let detected = ScreenshotFormat.detected(fromPath: path) else { return .png }
        output.standardError("Detected file type from extension: \(detected.displayName)\n")
        return detected
    }
}
