extension Checker {
    /// Nothing the runtime tracks outlived its owner (``LeakTracker``). Runs only on an idle
    /// world (between steps), so it never runs app work itself; a report with leaks is terminal
    /// for the leak tracker, so a checkup that finds one ends the run. For an app in its own
    /// process, the view controllers its last settled step listed as still alive after they left
    /// the screen (``AppProcessCheckSubject/leaks``).
    public static let leaks = Checker(
        name: "leaks",
        summary: "no screen or app object outlives its owner",
        readsDevice: false
    ) { checkup in
        switch checkup.subject {
        case .process(let process, _):
            return process.leaks()
        case .host(let host):
            let scheduler = host.world.scheduler
            guard scheduler.isIdle, !scheduler.isDriving else { return [] }
            return host.world.leakTracker.leaks().map(\.description)
        }
    }
}
