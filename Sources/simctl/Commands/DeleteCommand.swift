import Simulator

/// `simctl delete <device> [... <device n>] | unavailable | all`
enum DeleteCommand {
    static var command: Command { Command(.delete, positionalCount: 1...Int.max) { (invocation) throws(SimctlError) in
        try invocation.perform { (set) throws(DeviceSetError) in
            switch invocation.arguments.positionals {
            case ["all"]: try set.deleteAll()
            case ["unavailable"]: try set.deleteUnavailable()
            default: try set.delete(invocation.devices(from: 0))
            }
        }
    } }
}
