import Simulator

/// `simctl erase <device> [... <device n>] | all`
enum EraseCommand {
    static var command: Command { Command(.erase, positionalCount: 1...Int.max) { (invocation) throws(SimctlError) in
        try invocation.perform { (set) throws(DeviceSetError) in
            if invocation.arguments.positionals == ["all"] {
                try set.eraseAll()
            } else {
                try set.erase(invocation.devices(from: 0))
            }
        }
    } }
}
