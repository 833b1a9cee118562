import Simulator

/// `simctl get_app_container <device> <app bundle identifier> [app|data|groups]`
enum GetAppContainerCommand {
    static var command: Command { Command(.getAppContainer, positionalCount: 2...3) { (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        let kindText = arguments.optional(2) ?? AppContainerKind.app.rawValue
        guard let kind = AppContainerKind(rawValue: kindText) else {
            throw .invalidArguments(subcommand: "get_app_container",
                                    reason: "Unknown container: \(kindText). Use app, data or groups.")
        }
        let bundle = try invocation.bundleIdentifier(arguments[1])
        let lines = try invocation.perform { (set) throws(DeviceSetError) in
            try set.appContainer(invocation.device(at: 0), bundleIdentifier: bundle, kind: kind)
        }
        try invocation.output.standardOutput(lines.map { $0 + "\n" }.joined())
    } }
}
