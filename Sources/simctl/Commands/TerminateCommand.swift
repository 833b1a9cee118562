import Simulator

/// `simctl terminate <device> <bundle id>`
enum TerminateCommand {
    static var command: Command { Command(.terminate, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        try invocation.deviceSet().terminate(invocation.arguments[0], bundleIdentifier: invocation.arguments[1])
    } }
}
