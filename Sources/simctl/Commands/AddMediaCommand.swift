import Simulator

/// `simctl addmedia <device> <path> [... <path>]`: silent on success, as Apple's. With more
/// than one path and standard error a terminal, a progress line counts the photos checked and
/// stored, and is erased before the command ends.
enum AddMediaCommand {
    static var command: Command { Command(.addmedia, positionalCount: 2...Int.max) { (invocation) throws(SimctlError) in
        let paths = Array(invocation.arguments.positionals.dropFirst())
        let output = invocation.output
        defer { if paths.count > 1 { output.clearProgress() } }
        _ = try invocation.perform { (set) throws(DeviceSetError) in
            try set.addMedia(invocation.device(at: 0), paths: paths) { stored, total in
                if total > 1 { output.progress("addmedia: \(stored) of \(total) photos checked and stored") }
            }
        }
    } }
}
