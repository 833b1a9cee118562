import Simulator

/// `simctl launch [--terminate-running-process] <device> <bundle id> [<argv>...]`: prints
/// `<bundle id>: <pid>` as Apple's does.
enum LaunchCommand {
    static var command: Command { Command(.launch, positionalCount: 2...Int.max, options: [.flag(["--terminate-running-process"])]) {
        (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        let pid = try invocation.deviceSet().launch(
            arguments[0], bundleIdentifier: arguments[1],
            terminatingRunningProcess: arguments.has("--terminate-running-process"))
        try invocation.output.standardOutput("\(arguments[1]): \(pid)\n")
    } }
}
