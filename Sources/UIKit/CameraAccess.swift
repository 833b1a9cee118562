import Foundation

/// What the user decided about the camera, and the system's prompt that asks (IOS-FACTS §8):
/// the first time the app shows the camera while undecided, iOS puts an alert over the app,
/// titled `“<App>” Would Like to Access the Camera`, with the Info.plist's
/// `NSCameraUsageDescription` as its message and the buttons `Don’t Allow` and `OK`. While it is
/// up nothing under it takes a tap. The answer is the device's (the simulator keeps it for the
/// next launches); a denied camera shows no image and takes no photo.
enum CameraAccess {
    /// The system alert over the app.
    struct Prompt {
        let title: String
        let message: String
        /// Each button's title and whether it grants access.
        let buttons: [(title: String, grants: Bool)]
    }

    /// True granted, false denied, nil undecided; set at launch from the device's privacy.
    nonisolated(unsafe) static var decision: Bool?
    nonisolated(unsafe) static private(set) var prompt: Prompt?

    /// Asks, when the user has not decided yet and nothing asks already.
    static func askIfUndecided() {
        guard decision == nil, prompt == nil else { return }
        let title = "“\(appDisplayName)” Would Like to Access the Camera"
        let message = Bundle.main.object(forInfoDictionaryKey: "NSCameraUsageDescription") as? String ?? ""
        prompt = Prompt(title: title, message: message, buttons: [("Don’t Allow", false), ("OK", true)])
        AppProcessLoop.record("prompt \(title)")
    }

    /// The user's answer to the prompt: the simulator reads the event and keeps the decision.
    static func answer(granting granted: Bool) {
        prompt = nil
        decision = granted
        AppProcessLoop.record("privacy camera \(granted ? "granted" : "denied")")
    }

    /// The app's name as the Home screen shows it: `CFBundleDisplayName`, else `CFBundleName`,
    /// else the executable's name.
    static var appDisplayName: String {
        let info = Bundle.main
        return info.object(forInfoDictionaryKey: "CFBundleDisplayName") as? String
            ?? info.object(forInfoDictionaryKey: "CFBundleName") as? String
            ?? (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "")
    }
}
