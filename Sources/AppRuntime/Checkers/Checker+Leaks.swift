extension Checker {
    /// Nothing the runtime tracks outlived its owner (``LeakTracker``). Runs only on an idle
    /// world (between steps), so it never runs app work itself; a report with leaks is terminal
    /// for the leak tracker, so a checkup that finds one ends the run.
    public static let leaks = Checker(
        name: "leaks",
        summary: "no screen or app object outlives its owner",
        readsDevice: false
    ) { checkup in
        let scheduler = checkup.host.world.scheduler
        guard scheduler.isIdle, !scheduler.isDriving else { return [] }
        return checkup.host.world.leakTracker.leaks().map(\.description)
    }
}
