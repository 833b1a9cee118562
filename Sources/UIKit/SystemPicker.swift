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

/// A sheet of another SDK module that a scenario's `back` cancels as its Cancel button does
/// (Social's compose sheet).
package protocol CancellableSheet: AnyObject {
    func cancelSheet()
}

/// The SDK events of a step, for the SDK modules above UIKit: they reach the trace with the
/// step's answer.
package enum SDKEvents {
    package static func record(_ event: String) { AppProcessLoop.record(event) }
}

/// What the device told the app at launch for the SDK modules above UIKit (Photos), and the
/// way to ask it about its photo library during a step.
package enum DeviceAnswers {
    /// The photo library's answers: `granted`, `denied`, `limited`, `restricted`, nil undecided.
    nonisolated(unsafe) package static var photosAccess: String?
    nonisolated(unsafe) package static var photosAddAccess: String?
    /// The device's system version (`17.0`).
    nonisolated(unsafe) package static var systemVersion = "17.0"
    /// The social services whose compose sheet is available (``LaunchRequest/socialServices``).
    nonisolated(unsafe) package static var socialServices: Set<String> = []
    /// Where the device is (``LaunchRequest/location``, then each ``HostMessage/setLocation(_:)``).
    nonisolated(unsafe) package static var location: DeviceCoordinate?
    /// Location services' answer for the app: `whenInUse`, `always`, `denied`, nil undecided.
    nonisolated(unsafe) package static var locationAccess: String?
    /// Called on the main thread when the device moved: Core Location sets it.
    nonisolated(unsafe) package static var locationDidChange: (() -> Void)?
    /// Called on the main thread when the device's location setting for the app changed
    /// while it runs: Core Location sets it.
    nonisolated(unsafe) package static var locationAccessDidChange: (() -> Void)?

    /// The device's photo library's answer to `request`.
    package static func ask(_ request: LibraryRequest) -> LibraryAnswer { AppProcessLoop.ask(request) }

    /// The app's Info.plist value for `key`.
    package static func infoString(_ key: String) -> String? { Bundle.main.object(forInfoDictionaryKey: key) as? String }

    /// Ends the app as iOS's privacy check does when a usage description is missing (IOS-FACTS §1).
    package static func privacyCrash(missingKey key: String) -> Never { AppProcessLoop.privacyCrash(missingKey: key) }

    /// Ends the app with an uncaught exception, as UIKit's SDKs raise them.
    package static func raise(_ name: String, reason: String) -> Never { AppProcessLoop.terminate(exception: name, reason: reason) }

    /// Called on the main thread when the simulator says the library changed behind the app
    /// (``HostMessage/libraryChanged``): Photos sets it when an observer registers.
    nonisolated(unsafe) package static var libraryDidChange: (() -> Void)?
}
