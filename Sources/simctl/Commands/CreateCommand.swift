import Simulator

/// `simctl create <name> <device type id> [<runtime id>] [--no-camera]`: prints the new UDID.
/// When it cannot be printed the device exists all the same, and the error names it on standard
/// error. `--no-camera` is PhotoSim's: the device has no camera, as every device of Apple's
/// Simulator.
enum CreateCommand {
    static var command: Command { Command(.create, positionalCount: 2...3, options: [.flag(["--no-camera"])]) {
        (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        let device = try invocation.perform { (set) throws(DeviceSetError) in
            try set.create(name: arguments[0], deviceType: arguments[1], runtime: arguments.optional(2),
                           withoutCamera: arguments.has("--no-camera"))
        }
        do throws(SimctlError) {
            try invocation.output.standardOutput(device.udid.rawValue + "\n")
        } catch {
            guard case .standardOutputFailed(let code, _) = error else { throw error }
            throw .standardOutputFailed(errno: code, createdDevice: device.udid)
        }
    } }
}
