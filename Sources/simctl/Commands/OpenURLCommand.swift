import Simulator

/// `simctl openurl <device> <URL>`: the app whose Info.plist names the URL's scheme opens it
/// (``DeviceSet/openURL(_:_:)``); silent on success, as Apple's is.
enum OpenURLCommand {
    static var command: Command { Command(.openurl, positionalCount: 2...2) { (invocation) throws(SimctlError) in
        let arguments = invocation.arguments
        _ = try invocation.perform { (set) throws(DeviceSetError) in try set.openURL(invocation.device(at: 0), arguments[1]) }
    } }
}
