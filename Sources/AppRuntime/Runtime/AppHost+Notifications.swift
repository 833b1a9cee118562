import DeviceStore

/// Darwin notifications posted on the device while the app was not running.
extension AppHost {
    /// Delivers the device's pending notifications (``RuntimeDevice/pendingNotifications``) to
    /// the running app, oldest first, and empties the list. `UISimulatedMemoryWarningNotification`
    /// arrives as the Simulator's Simulate Memory Warning does (``simulateMemoryWarning()``);
    /// other names reach no app and are dropped, as a Darwin notification nobody observes is.
    public func deliverPendingNotifications() throws(RuntimeError) {
        let names = device.pendingNotifications
        device.pendingNotifications = []
        for name in names where name == DeviceSet.simulatedMemoryWarningNotification {
            guard let process, process.state.isRunning else { return }
            try simulateMemoryWarning()
        }
    }
}
