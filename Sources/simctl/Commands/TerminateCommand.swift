import Simulator

/// `simctl terminate <device> <bundle id>`
enum TerminateCommand {
    static var command: Command { Command(.terminate, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        let bundle = try invocation.bundleIdentifier(invocation.arguments[1])
        try invocation.perform { (set) throws(DeviceSetError) in try set.terminate(invocation.device(at: 0), bundleIdentifier: bundle) }
    } }
}
