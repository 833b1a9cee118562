import Simulator

/// `simctl launch [--terminate-running-process] <device> <bundle id> [<argv>...]`: prints
/// `<bundle id>: <pid>` as Apple's does.
enum LaunchCommand {
    static var command: Command { Command(.launch, positionalCount: 2...Int.max, options: [.flag(["--terminate-running-process"])]) {
        (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        let bundle = try invocation.bundleIdentifier(arguments[1])
        let pid = try invocation.perform { (set) throws(DeviceSetError) in
            try set.launch(invocation.device(at: 0), bundleIdentifier: bundle,
                           terminatingRunningProcess: arguments.has("--terminate-running-process"))
        }
        try invocation.output.standardOutput("\(arguments[1]): \(pid)\n")
    } }
}
