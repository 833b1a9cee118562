import Core
import Foundation

extension DeviceSet {
    /// Applies `simctl privacy <device> <action> <service> [<bundle identifier>]`.
    ///
    /// `grant` and `revoke` need a bundle identifier ("Requires bundle identifier." in Apple's
    /// usage); `reset` without one resets the service for every app. As Apple warns, "some
    /// permission changes will terminate the application if running": here revoking or resetting
    /// terminates the app if it runs. The device may be booted or shut down (grants are a file;
    /// setting them before boot is the usual CI order).
    public func privacy(_ selector: String, action: PrivacyAction, service serviceName: String,
                        bundleIdentifier bundleText: String?) throws(SimctlError) {
        guard let services = PrivacyService.services(named: serviceName) else { throw .unknownPrivacyService(serviceName) }
        let bundle = try bundleText.map { (text) throws(SimctlError) in try parseBundleIdentifier(text, subcommand: "privacy") }
        if bundle == nil && action != .reset {
            throw .invalidArguments(subcommand: "privacy", reason: "\(action.rawValue) requires a bundle identifier.")
        }
        try updateDevice(selector) { (record: inout DeviceRecord, device: Device) throws(SimctlError) in
            guard record.state == .booted || record.state == .shutdown else {
                throw .invalidState(action: "change privacy settings", state: record.state)
            }
            var grants = try readPrivacyGrants(device)
            for service in services { apply(action, to: &grants, service: service, bundle: bundle) }
            try writePrivacyGrants(grants, paths: device.paths)
            if action != .grant { terminate(bundle, in: &record) }
        }
    }

    /// The device's privacy answers.
    public func privacyGrants(_ selector: String) throws(SimctlError) -> PrivacyGrants {
        try readPrivacyGrants(try device(selector))
    }

    private func apply(_ action: PrivacyAction, to grants: inout PrivacyGrants, service: PrivacyService, bundle: BundleIdentifier?) {
        switch action {
        case .grant: grants.set(.granted, for: service, bundleIdentifier: bundle!)
        case .revoke: grants.set(.denied, for: service, bundleIdentifier: bundle!)
        case .reset: grants.reset(service, bundleIdentifier: bundle)
        }
    }

    /// Ends the app (or, for a reset of every app, every app) whose permission changed.
    private func terminate(_ bundle: BundleIdentifier?, in record: inout DeviceRecord) {
        if let bundle {
            record.runningApplications[bundle.rawValue] = nil
        } else {
            record.runningApplications = [:]
        }
    }

    func readPrivacyGrants(_ device: Device) throws(SimctlError) -> PrivacyGrants {
        let paths = device.paths
        guard let data = try readFileIfPresent(paths.privacyPath) else { return PrivacyGrants() }
        do {
            return try JSONDecoder().decode(PrivacyGrants.self, from: data)
        } catch {
            throw .corruptDeviceRecord(udid: device.udid, path: paths.privacyPath, reason: String(describing: error))
        }
    }

    private func writePrivacyGrants(_ grants: PrivacyGrants, paths: DevicePaths) throws(SimctlError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(grants)
        } catch {
            preconditionFailure("PrivacyGrants always encodes: \(error)")
        }
        try createFolder(paths.privacyPath.deletingLastPathComponent)
        try writeFile(data, to: paths.privacyPath)
    }
}
