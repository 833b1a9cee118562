import Foundation
import Simulator

/// `simctl media list <device> [--json]` and `simctl media remove <device> <local identifier>...`
/// (PhotoSim's own subcommand: Apple's simctl can only add media).
enum MediaCommand {
    static var command: Command { Command(.media, positionalCount: 2...Int.max, options: [.flag(["-j", "--json"])]) {
        (invocation) throws(SimctlError) in
        let positionals = invocation.arguments.positionals
        switch positionals[0] {
        case "list" where positionals.count == 2:
            let assets = try invocation.perform { (set) throws(DeviceSetError) in try set.mediaAssets(invocation.device(at: 1)) }
            try invocation.output.standardOutput(invocation.arguments.has("-j") ? MediaListing.json(assets) : MediaListing.text(assets))
        case "remove" where positionals.count >= 3:
            _ = try invocation.perform { (set) throws(DeviceSetError) in
                try set.removeMedia(invocation.device(at: 1), localIdentifiers: Array(positionals.dropFirst(2)))
            }
        default:
            throw .invalidArguments(subcommand: "media", reason: "Use `media list <device>` or `media remove <device> <local identifier>...`.")
        }
    } }
}
