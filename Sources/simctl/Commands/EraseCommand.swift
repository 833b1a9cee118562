import Simulator

/// `simctl erase <device> [... <device n>] | all`
enum EraseCommand {
    static var command: Command { Command(.erase, positionalCount: 1...Int.max) { (invocation) throws(SimctlError) in
        let set = try invocation.deviceSet()
        if invocation.arguments.positionals == ["all"] {
            try set.eraseAll()
        } else {
            try set.erase(invocation.arguments.positionals)
        }
    } }
}
