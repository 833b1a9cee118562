import Simulator

/// What a scenario sets a privacy service to, in the header's `permissions`, `launchApp`'s
/// `permissions` or `setPermissions`.
///
/// `allow` and `deny` are `simctl privacy grant` / `revoke`, `unset` is `reset` (the app is asked
/// again); `limited` (photos only) is iOS 14's limited library access, with the assets of the
/// header's `limitedLibrary`.
public enum PermissionSetting: String, Hashable, Sendable, CaseIterable {
    case allow
    case deny
    case unset
    case limited
}

/// One service's setting.
public struct PermissionGrant: Hashable, Sendable {
    public let service: PrivacyService
    public let setting: PermissionSetting

    public init(service: PrivacyService, setting: PermissionSetting) {
        self.service = service
        self.setting = setting
    }
}
