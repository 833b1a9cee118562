import Simulator

/// `simctl install <device> <path>`: installs an `.app` folder; prints nothing, as Apple's does.
enum InstallCommand {
    static var command: Command { Command(.install, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        let path = invocation.arguments[1]
        try invocation.perform { (set) throws(DeviceSetError) in
            _ = try set.install(invocation.device(at: 0), bundlePath: path)
        }
    } }
}
