import Simulator

/// `simctl getenv <device> <variable name>`: prints the value and a newline.
enum GetEnvCommand {
    static var command: Command { Command(.getenv, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        let value = try invocation.perform { (set) throws(DeviceSetError) in
            try set.environmentVariable(invocation.device(at: 0), name: invocation.arguments[1])
        }
        try invocation.output.standardOutput(value + "\n")
    } }
}
