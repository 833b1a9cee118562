import Simulator

/// `simctl privacy <device> grant|revoke|reset <service> [<bundle identifier>]`
enum PrivacyCommand {
    static var command: Command { Command(.privacy, positionalCount: 3...4) { (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        guard let action = PrivacyAction(rawValue: arguments[1]) else {
            throw .invalidArguments(subcommand: "privacy", reason: "Unknown action: \(arguments[1]). Use grant, revoke or reset.")
        }
        let bundle = try arguments.optional(3).map { (text) throws(SimctlError) in try invocation.bundleIdentifier(text) }
        try invocation.perform { (set) throws(DeviceSetError) in
            try set.privacy(invocation.device(at: 0), action: action, service: arguments[2], bundleIdentifier: bundle)
        }
    } }
}
