import Simulator

/// `simctl create <name> <device type id> [<runtime id>]`: prints the new UDID. When it cannot
/// be printed the device exists all the same, and the error names it on standard error.
enum CreateCommand {
    static var command: Command { Command(.create, positionalCount: 2...3) { (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        let device = try invocation.perform { (set) throws(DeviceSetError) in
            try set.create(name: arguments[0], deviceType: arguments[1], runtime: arguments.optional(2))
        }
        do throws(SimctlError) {
            try invocation.output.standardOutput(device.udid.rawValue + "\n")
        } catch {
            guard case .standardOutputFailed(let code, _) = error else { throw error }
            throw .standardOutputFailed(errno: code, createdDevice: device.udid)
        }
    } }
}
