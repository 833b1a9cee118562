import Core
import Foundation
import Platform

extension DeviceSet {
    /// Applies `simctl privacy <device> <action> <service> [<bundle identifier>]`.
    ///
    /// `grant` and `revoke` need a bundle identifier ("Requires bundle identifier." in Apple's
    /// usage); `reset` without one resets the service for every app. As Apple warns, "some
    /// permission changes will terminate the application if running": here revoking or resetting
    /// terminates the app if it runs. The device may be booted or shut down (grants are a file;
    /// setting them before boot is the usual CI order).
    public func privacy(_ selector: DeviceSelector, action: PrivacyAction, service serviceName: String,
                        bundleIdentifier bundle: BundleIdentifier?) throws(DeviceSetError) {
        guard let services = PrivacyService.services(named: serviceName) else { throw .privacy(.unknownService(serviceName)) }
        if bundle == nil && action != .reset { throw .privacy(.bundleIdentifierRequired(action)) }
        try updateDevice(selector) { (record: inout DeviceRecord, device: Device) throws(DeviceSetError) in
            guard record.state == .booted || record.state == .shutdown else {
                throw .wrongState(.privacyChange, state: record.state)
            }
            var grants = try readPrivacyGrants(device)
            for service in services { apply(action, to: &grants, service: service, bundle: bundle) }
            try writePrivacyGrants(grants, paths: device.paths)
            if action != .grant { terminate(bundle, in: &record) }
        }
    }

    /// The device's privacy answers.
    public func privacyGrants(_ selector: DeviceSelector) throws(DeviceSetError) -> PrivacyGrants {
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

    func readPrivacyGrants(_ device: Device) throws(DeviceSetError) -> PrivacyGrants {
        let paths = device.paths
        guard let data = try readFileIfPresent(paths.privacyPath) else { return PrivacyGrants() }
        do {
            return try JSONDecoder().decode(PrivacyGrants.self, from: data)
        } catch {
            throw .record(.unreadable(udid: device.udid, path: paths.privacyPath, reason: String(describing: error)))
        }
    }

    private func writePrivacyGrants(_ grants: PrivacyGrants, paths: DevicePaths) throws(DeviceSetError) {
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
