import Simulator

/// `simctl spawn <device> <path to executable> [<argv>...]`: PhotoSim's device runs
/// `notifyutil -p <name>` only; it prints nothing, as notifyutil does.
enum SpawnCommand {
    static var command: Command { Command(.spawn, positionalCount: 2...Int.max) { (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        try invocation.perform { (set) throws(DeviceSetError) in
            try set.spawn(invocation.device(at: 0), executable: arguments[1],
                          arguments: Array(arguments.positionals.dropFirst(2)))
        }
    } }
}
