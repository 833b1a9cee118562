import Simulator

/// `simctl create <name> <device type id> [<runtime id>]`: prints the new UDID.
enum CreateCommand {
    static var command: Command { Command(.create, positionalCount: 2...3) { (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        let device = try invocation.deviceSet().create(name: arguments[0], deviceType: arguments[1], runtime: arguments.optional(2))
        invocation.output.standardOutput(device.udid.rawValue + "\n")
    } }
}
