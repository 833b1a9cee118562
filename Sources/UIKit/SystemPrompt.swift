import Foundation

/// A system alert over the app (a privacy prompt, IOS-FACTS §8): its title, its message and its
/// buttons. While it is up nothing under it takes a tap; a tap on a button takes it down and
/// runs the button's answer. The SDK modules show theirs through it (the camera's in UIKit,
/// the photo library's in Photos).
package enum SystemPrompt {
    package struct Button {
        package let title: String
        package let answer: () -> Void

        package init(title: String, answer: @escaping () -> Void) {
            self.title = title
            self.answer = answer
        }
    }

    package struct Shown {
        package let title: String
        package let message: String
        package let buttons: [Button]
    }

    nonisolated(unsafe) package private(set) static var shown: Shown?

    /// Puts the alert up, unless one is up already; returns whether this one is shown.
    @discardableResult
    package static func show(title: String, message: String, buttons: [Button]) -> Bool {
        guard shown == nil else { return false }
        shown = Shown(title: title, message: message, buttons: buttons)
        AppProcessLoop.record("prompt \(title)")
        return true
    }

    /// A tap on the alert's button `index`.
    static func choose(_ index: Int) {
        guard let current = shown, current.buttons.indices.contains(index) else { return }
        shown = nil
        current.buttons[index].answer()
    }

    /// The app's name as the Home screen shows it: `CFBundleDisplayName`, else `CFBundleName`,
    /// else the executable's name.
    package static var appDisplayName: String {
        let info = Bundle.main
        return info.object(forInfoDictionaryKey: "CFBundleDisplayName") as? String
            ?? info.object(forInfoDictionaryKey: "CFBundleName") as? String
            ?? (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "")
    }
}
