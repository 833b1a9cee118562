import Simulator

/// `simctl location <device> set <lat>,<lon>` / `clear`; Apple's `list`, `run` and `start` are
/// refused as not implemented.
enum LocationCommand {
    static var command: Command { Command(.location, positionalCount: 2...Int.max) { (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        let action = arguments[1]
        let extra = Array(arguments.positionals.dropFirst(2))
        let location: SimulatedLocation?
        switch action {
        case "set":
            guard extra.count == 1 else {
                throw .invalidArguments(subcommand: "location", reason: "location set takes one <latitude>,<longitude>, got \(extra.count).")
            }
            do throws(LocationError) { location = try SimulatedLocation(parsing: extra[0]) } catch { throw SimctlError(.location(error), subcommand: .location) }
        case "clear":
            guard extra.isEmpty else { throw .invalidArguments(subcommand: "location", reason: "location clear takes no arguments.") }
            location = nil
        case "list", "run", "start":
            throw SimctlError(.location(.notImplemented(action: action)), subcommand: .location)
        default:
            throw SimctlError(.location(.unknownAction(action)), subcommand: .location)
        }
        try invocation.perform { (set) throws(DeviceSetError) in
            try set.setLocation(invocation.device(at: 0), to: location)
        }
    } }
}
