import Simulator

/// `simctl uninstall <device> <app bundle identifier>`: prints nothing; an app that is not
/// installed is no error, as with Apple's.
enum UninstallCommand {
    static var command: Command { Command(.uninstall, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        let bundle = try invocation.bundleIdentifier(invocation.arguments[1])
        try invocation.perform { (set) throws(DeviceSetError) in
            try set.uninstall(invocation.device(at: 0), bundleIdentifier: bundle)
        }
    } }
}
