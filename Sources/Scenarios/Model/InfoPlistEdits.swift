/// Changes to the app's Info.plist for one scenario: keys removed and keys set.
///
/// `infoPlist: {remove: [NSCameraUsageDescription]}` makes the camera's TCC abort reachable
/// without a second build; `set: {KEY: value}` adds or replaces entries.
public struct InfoPlistEdits: Hashable, Sendable {
    /// Keys removed, in the file's order.
    public let removedKeys: [String]
    /// Keys set, in the file's order.
    public let setEntries: [InfoPlistEntry]

    public init(removedKeys: [String] = [], setEntries: [InfoPlistEntry] = []) {
        self.removedKeys = removedKeys
        self.setEntries = setEntries
    }

    /// Whether the scenario changes nothing.
    public var isEmpty: Bool { removedKeys.isEmpty && setEntries.isEmpty }
}

/// One `KEY: value` of `infoPlist.set`.
public struct InfoPlistEntry: Hashable, Sendable {
    public let key: String
    public let value: ScenarioValue

    public init(key: String, value: ScenarioValue) {
        self.key = key
        self.value = value
    }
}
