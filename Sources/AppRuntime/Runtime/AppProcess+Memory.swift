import Platform

/// Memory warnings and jetsam.
///
/// A warning reaches, in this order (the observed order in IOS-FACTS §4; Apple documents none):
/// the app delegate, the notification's observers, then every live screen (each tab's stack from
/// the bottom, then the presented chain). After a warning the trace gives the footprint the
/// handlers left. The footprint crossing the limit ends the app at that allocation, warned or not
/// (jetsam's `per-process-limit`, which iOS enforces the moment a process crosses it): the disk
/// is frozen at once and the process ends when the app code running returns.
extension AppProcess {
    func enqueueMemoryWarning(reason: String) {
        enqueueOnMain("memory warning") { [unowned self] in
            trace.record(.memoryWarning(reason: reason, footprintBytes: meter.footprintBytes, limitBytes: meter.limitBytes))
            try application?.didReceiveMemoryWarning()
            try post(.didReceiveMemoryWarning)
            for screen in window.allScreens { try screen.didReceiveMemoryWarning() }
        }
        scheduler.async(on: scheduler.main, label: "memory after the warning") { [weak self] in
            guard let self, self.state.isRunning else { return }
            self.trace.record(.memoryFootprint(footprintBytes: self.meter.footprintBytes, peakBytes: self.meter.peakFootprintBytes))
            self.meter.pressureHandled()
        }
    }

    /// The footprint crossed the limit: jetsam ends the process there.
    func limitCrossed() {
        guard state.isRunning else { return }
        trace.record(.memoryLimitCrossed(footprintBytes: meter.footprintBytes, limitBytes: meter.limitBytes))
        environment?.disk.freeze()
        requestKill(ending: .jetsamKilled(reason: "per-process-limit"))
    }
}
