import Simulator

/// Checks around a block of test code that drives an ``AppHost``, for Swift Testing or XCTest
/// alike: each returns what the block returned, or throws a ``ScenarioCheckFailure`` that says
/// what did not hold.
///
/// ```swift
/// try AppHostCheck.noLeaks(host) {
///     try host.tap("Add Note"); try host.back()
/// }
/// try AppHostCheck.survivesMemoryWarning(host) {
///     try host.tap("Add Note"); try host.tap("Choose Photo"); try host.pickPhoto(index: 0)
/// }
/// ```
public enum AppHostCheck {
    /// Runs `body`, lets the app's queues drain, and fails naming every object that outlived
    /// its owner and what retains it (`AppHost.leaks()`; a report with leaks ends leak checking
    /// for that world, so put this last).
    @discardableResult
    public static func noLeaks<Result>(_ host: AppHost, _ body: () throws -> Result) throws -> Result {
        let result = try body()
        let leaks = try host.leaks()
        guard leaks.isEmpty else {
            throw ScenarioCheckFailure(message: "\(leaks.count) leak\(leaks.count == 1 ? "" : "s") after the block:\n"
                + leaks.map { "- \($0)" }.joined(separator: "\n"))
        }
        return result
    }

    /// Runs `body`, then sends a memory warning (as the Simulator's Debug menu does) and fails
    /// unless the app is still running and holds no decoded image off screen afterwards.
    @discardableResult
    public static func survivesMemoryWarning<Result>(_ host: AppHost, _ body: () throws -> Result) throws -> Result {
        let result = try body()
        guard host.state.isRunning else {
            throw ScenarioCheckFailure(message: "the app is \(host.state) before the memory warning; the block must leave it running")
        }
        try host.simulateMemoryWarning()
        guard host.state.isRunning else {
            throw ScenarioCheckFailure(message: "the app did not survive the memory warning: it is \(host.state)")
        }
        let held = host.heldOffScreenBytes
        guard held == 0 else {
            throw ScenarioCheckFailure(message: "after the memory warning the app still holds \(held) bytes of decoded "
                + "images off screen (footprint \(host.memoryFootprintBytes) bytes, on \(host.visibleScreenName)); "
                + "empty caches in didReceiveMemoryWarning")
        }
        return result
    }
}
