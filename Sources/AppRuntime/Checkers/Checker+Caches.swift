extension Checker {
    /// A running app's counted footprint (decoded images and caches) is within the device's
    /// jetsam limit: a cache that outgrows it would get the app killed. An app in its own process
    /// cannot break it: UIKit ends the process the moment its decoded images cross the limit, as
    /// jetsam does (docs/uikit.md), and the run reports that end.
    public static let caches = Checker(
        name: "caches",
        summary: "a running app's decoded images and caches stay within the jetsam limit",
        readsDevice: false
    ) { checkup in
        guard let host = checkup.host, host.state.isRunning, host.memoryFootprintBytes > host.memoryLimitBytes else { return [] }
        return ["\(host.definition.displayName) holds \(host.memoryFootprintBytes) bytes of decoded images and caches, "
            + "above the jetsam limit of \(host.memoryLimitBytes) bytes"]
    }
}
