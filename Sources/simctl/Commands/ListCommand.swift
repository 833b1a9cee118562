import Simulator

/// `simctl list [-j] [-e] [devices|devicetypes|runtimes|pairs] [<search term>|available]`
enum ListCommand {
    static var command: Command { Command(.list, positionalCount: 0...2, options: [.flag(["-j", "--json"]), .flag(["-e", "--no-escape-slashes"]), .flag(["-v"])]) {
        (invocation) throws(SimctlError) in
        let (section, searchTerm) = try parseFilter(invocation.arguments.positionals)
        let (set, listing) = try invocation.perform { (set) throws(DeviceSetError) in
            (set, try set.listing(section: section, searchTerm: searchTerm))
        }
        for problem in listing.unreadableRecords {
            invocation.output.standardError("warning: \(SimctlError(.record(problem), subcommand: .list))\n")
        }
        if invocation.arguments.has("-j") {
            do throws(DeviceSetError) {
                try set.ensureProfiles()
            } catch {
                invocation.output.standardError("warning: \(SimctlError(error, subcommand: .list)) The listing names the profile "
                                                + "folders all the same.\n")
            }
            let json = listing.json { device in set.diskUsage(of: device) }
            try invocation.output.standardOutput(json.rendered(escapingSlashes: !invocation.arguments.has("-e")))
        } else {
            try invocation.output.standardOutput(listing.text())
        }
    } }

    /// The first argument is a section when it names one; anything else is a search term, and
    /// then it must be the only argument.
    static func parseFilter(_ positionals: [String]) throws(SimctlError) -> (DeviceListing.Section?, String?) {
        guard let first = positionals.first else { return (nil, nil) }
        if let section = DeviceListing.Section(rawValue: first) { return (section, positionals.count > 1 ? positionals[1] : nil) }
        guard positionals.count == 1 else {
            let sections = DeviceListing.Section.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidArguments(subcommand: "list", reason: "Unknown list type: \(first). A search term after it "
                                    + "needs one of \(sections) first (simctl list devices \(positionals[1])).")
        }
        return (nil, first)
    }
}
