import Simulator

/// `simctl boot <device>`
enum BootCommand {
    static var command: Command { Command(.boot, positionalCount: 1...1) { (invocation) throws(SimctlError) in
        try invocation.perform { (set) throws(DeviceSetError) in try set.boot(invocation.device(at: 0)) }
    } }
}
