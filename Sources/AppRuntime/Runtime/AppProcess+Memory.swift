import Platform

/// Memory warnings and jetsam.
///
/// A warning reaches, in this order (the observed order in IOS-FACTS §4; Apple documents none):
/// the app delegate, the notification's observers, then every live screen (each tab's stack from
/// the bottom, then the presented chain). After a warning the host checks the footprint once the
/// main queue reaches it; an app still over its limit is killed, reason `per-process-limit`.
extension AppProcess {
    func enqueueMemoryWarning(reason: String) {
        enqueueOnMain("memory warning") { [unowned self] in
            trace.record(.memoryWarning(reason: reason, footprintBytes: meter.footprintBytes, limitBytes: meter.limitBytes))
            try application?.didReceiveMemoryWarning()
            try post(.didReceiveMemoryWarning)
            for screen in window.allScreens { try screen.didReceiveMemoryWarning() }
        }
        scheduler.async(on: scheduler.main, label: "jetsam check") { [weak self] in
            guard let self, self.state.isRunning else { return }
            self.trace.record(.memoryFootprint(footprintBytes: self.meter.footprintBytes, peakBytes: self.meter.peakFootprintBytes))
            if self.meter.isOverLimit {
                self.end(.jetsamKilled(reason: "per-process-limit"))
            } else {
                self.meter.pressureHandled()
            }
        }
    }
}
