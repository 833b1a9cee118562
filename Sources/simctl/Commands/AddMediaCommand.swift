import Simulator

/// `simctl addmedia <device> <path> [... <path>]`: silent on success, as Apple's.
enum AddMediaCommand {
    static var command: Command { Command(.addmedia, positionalCount: 2...Int.max) { (invocation) throws(SimctlError) in
        let positionals = invocation.arguments.positionals
        _ = try invocation.deviceSet().addMedia(positionals[0], paths: Array(positionals.dropFirst()))
    } }
}
