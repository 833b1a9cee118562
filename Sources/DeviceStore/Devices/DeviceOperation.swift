/// What a ``DeviceSet`` was asked to do to a device, as its state and availability errors name it.
public enum DeviceOperation: String, Sendable, CaseIterable {
    case boot
    case shutdown
    case erase
    /// Finding an app on the device (launch, terminate, app containers, listapps, addmedia):
    /// only a booted device answers.
    case appLookup = "app lookup"
    case privacyChange = "privacy change"
    /// Copying a device under a new UDID (`simctl clone`): only a shut-down device.
    case clone
}
