import AppChannel

/// A picker the system shows out of the app's process on iOS, made by another SDK module
/// (PhotosUI's `PHPickerViewController`): the simulator's choices reach it through UIKit's
/// channel.
package protocol SystemPicker: AnyObject {
    /// The user chose `items`, in order; returns why that cannot be, if it cannot.
    func pick(_ items: [PickedItem]) -> String?
    /// The user tapped Cancel.
    func cancelPicking()
}

/// The SDK events of a step, for the SDK modules above UIKit: they reach the trace with the
/// step's answer.
package enum SDKEvents {
    package static func record(_ event: String) { AppProcessLoop.record(event) }
}
