import Foundation

/// What the user decided about the camera, and the system's prompt that asks (IOS-FACTS §8):
/// the first time the app shows the camera while undecided, iOS puts an alert over the app,
/// titled `“<App>” Would Like to Access the Camera`, with the Info.plist's
/// `NSCameraUsageDescription` as its message and the buttons `Don’t Allow` and `OK`. While it is
/// up nothing under it takes a tap. The answer is the device's (the simulator keeps it for the
/// next launches); a denied camera shows no image and takes no photo.
enum CameraAccess {
    /// True granted, false denied, nil undecided; set at launch from the device's privacy.
    nonisolated(unsafe) static var decision: Bool?
    nonisolated(unsafe) private static var asking = false

    /// Whether the camera's prompt is up.
    static var isAsking: Bool { asking && SystemPrompt.shown != nil }

    /// Asks, when the user has not decided yet and nothing asks already.
    static func askIfUndecided() {
        guard decision == nil, SystemPrompt.shown == nil else { return }
        let title = "“\(SystemPrompt.appDisplayName)” Would Like to Access the Camera"
        let message = Bundle.main.object(forInfoDictionaryKey: "NSCameraUsageDescription") as? String ?? ""
        asking = SystemPrompt.show(title: title, message: message, buttons: [
            SystemPrompt.Button(title: "Don’t Allow") { answer(granting: false) },
            SystemPrompt.Button(title: "OK") { answer(granting: true) },
        ])
    }

    /// The user's answer to the prompt: the simulator reads the event and keeps the decision.
    static func answer(granting granted: Bool) {
        asking = false
        decision = granted
        AppProcessLoop.record("privacy camera \(granted ? "granted" : "denied")")
    }
}
