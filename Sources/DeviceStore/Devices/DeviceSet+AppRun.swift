import Core
import Foundation
import Platform

extension DeviceSet {
    /// Runs `body` as the one run of `bundleIdentifier` on the device: as on iOS, where an app
    /// runs once per device, a second `simctl run --device` of the same app waits for the first
    /// (up to the set's lock bound, then fails naming the holder) instead of opening the app's
    /// stores at the same moment. The lock is `<device>/data/.<bundle id>.run.lock`.
    public func whileRunningApp<Result>(_ selector: DeviceSelector, bundleIdentifier: BundleIdentifier,
                                        _ body: () throws -> Result) throws -> Result {
        let paths = try device(selector).paths
        let lock = FileLock(path: paths.dataPath.appendingPathComponent(".\(bundleIdentifier.rawValue).run.lock"),
                            holderName: processName, waiting: lockWaiting, timeoutSeconds: lockTimeoutSeconds)
        var outcome: Swift.Result<Result, Error>?
        try lock.withLock(.exclusive, mapError: lockFailure) { () throws(DeviceSetError) in
            outcome = Swift.Result { try body() }
        }
        return try outcome!.get()
    }
}
