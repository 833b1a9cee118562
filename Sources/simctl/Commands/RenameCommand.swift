import Simulator

/// `simctl rename <device> <name>`
enum RenameCommand {
    static var command: Command { Command(.rename, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        try invocation.perform { (set) throws(DeviceSetError) in
            try set.rename(invocation.device(at: 0), to: invocation.arguments[1])
        }
    } }
}
