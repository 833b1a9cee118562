import Simulator

/// `simctl appinfo <device> <app bundle identifier>`: one app's entry as `listapps` prints it.
enum AppInfoCommand {
    static var command: Command { Command(.appinfo, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        let bundle = try invocation.bundleIdentifier(invocation.arguments[1])
        let application = try invocation.perform { (set) throws(DeviceSetError) in
            try set.installedApplication(invocation.device(at: 0), bundleIdentifier: bundle)
        }
        try invocation.output.standardOutput(ApplicationListing.renderInfo(application, bundleIdentifier: bundle))
    } }
}
