import Simulator

/// `simctl addmedia <device> <path> [... <path>]`: silent on success, as Apple's.
enum AddMediaCommand {
    static var command: Command { Command(.addmedia, positionalCount: 2...Int.max) { (invocation) throws(SimctlError) in
        let paths = Array(invocation.arguments.positionals.dropFirst())
        _ = try invocation.perform { (set) throws(DeviceSetError) in try set.addMedia(invocation.device(at: 0), paths: paths) }
    } }
}
