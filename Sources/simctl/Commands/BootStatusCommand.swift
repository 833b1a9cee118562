import Simulator

/// `simctl bootstatus <device> [-b]`
enum BootStatusCommand {
    static var command: Command { Command(.bootstatus, positionalCount: 1...1, options: [.flag(["-b"])]) {
        (invocation) throws(SimctlError) in
        let device = try invocation.perform { (set) throws(DeviceSetError) in try set.device(invocation.device(at: 0)) }
        try invocation.output.standardOutput(BootStatus.monitoringLine(for: device) + "\n")
        let status = try invocation.perform { (set) throws(DeviceSetError) in
            try set.bootStatus(.udid(device.udid), booting: invocation.arguments.has("-b"))
        }
        try invocation.output.standardOutput(status.report)
    } }
}
