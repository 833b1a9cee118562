import Simulator

/// `simctl clone <device> <new name>`: prints the new UDID. When it cannot be printed the copy
/// exists all the same, and the error names it on standard error.
enum CloneCommand {
    static var command: Command { Command(.clone, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        let copy = try invocation.perform { (set) throws(DeviceSetError) in
            try set.clone(invocation.device(at: 0), name: invocation.arguments[1])
        }
        do throws(SimctlError) {
            try invocation.output.standardOutput(copy.udid.rawValue + "\n")
        } catch {
            guard case .standardOutputFailed(let code, _) = error else { throw error }
            throw .standardOutputFailed(errno: code, createdDevice: copy.udid)
        }
    } }
}
