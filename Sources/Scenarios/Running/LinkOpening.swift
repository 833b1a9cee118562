import Foundation

/// Where `simctl openurl` sends a link (Maestro's `openLink` on iOS: IOSDriver.kt `openLink`,
/// LocalSimulatorUtils.kt `openURL`): to the app whose Info.plist names the link's scheme in
/// `CFBundleURLTypes`' `CFBundleURLSchemes`, compared without regard to case, as URL schemes are
/// (RFC 3986 §3.1). A device here has no Safari or other system app, so a link no installed app
/// claims (an `https` one among them) opens nothing, and the step fails saying so;
/// LaunchServices answers that case with `kLSApplicationNotFoundErr` (-10814, LSInfo.h).
enum LinkOpening {
    /// The link's scheme, when `schemes` (the app's) name it.
    /// - Throws: a failure naming what is wrong: no URL with a scheme, or no app for it.
    static func scheme(of link: String, handledBy schemes: [String], app: String) throws(StepFailure) -> String {
        guard let scheme = URL(string: link)?.scheme, !scheme.isEmpty else {
            throw StepFailure("`\(link)` is not a URL with a scheme (`myapp://item/7`, `https://example.com`): there is nothing to open")
        }
        guard schemes.contains(where: { $0.caseInsensitiveCompare(scheme) == .orderedSame }) else {
            let named = schemes.isEmpty ? "names no URL scheme" : "names only " + schemes.map { "`\($0)`" }.joined(separator: ", ")
            throw StepFailure("no app of the device opens `\(scheme):` links: \(app)'s Info.plist \(named) in CFBundleURLTypes, "
                + "and the device has no Safari or other system app (LaunchServices' error -10814)")
        }
        return scheme
    }
}
