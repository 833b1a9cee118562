import Simulator

/// `simctl listapps <device>`
enum ListAppsCommand {
    static var command: Command { Command(.listapps, positionalCount: 1...1) { (invocation) throws(SimctlError) in
        let applications = try invocation.perform { (set) throws(DeviceSetError) in
            try set.installedApplications(invocation.device(at: 0))
        }
        try invocation.output.standardOutput(ApplicationListing.render(applications))
    } }
}
