import Simulator

/// `simctl shutdown <device> | all`
enum ShutdownCommand {
    static var command: Command { Command(.shutdown, positionalCount: 1...1) { (invocation) throws(SimctlError) in
        try invocation.perform { (set) throws(DeviceSetError) in
            if invocation.arguments[0] == "all" {
                try set.shutdownAll()
            } else {
                try set.shutdown(invocation.device(at: 0))
            }
        }
    } }
}
