import Simulator

/// `simctl shutdown <device> | all`
enum ShutdownCommand {
    static var command: Command { Command(.shutdown, positionalCount: 1...1) { (invocation) throws(SimctlError) in
        let set = try invocation.deviceSet()
        if invocation.arguments[0] == "all" {
            try set.shutdownAll()
        } else {
            try set.shutdown(invocation.arguments[0])
        }
    } }
}
