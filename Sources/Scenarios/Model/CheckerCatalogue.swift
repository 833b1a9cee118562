import Platform
import Simulator

/// The checker names a scenario may name in `checkers` and `skipCheckers`, app by app: the
/// platform's (every app), those a runner adds to every app, and each app's own
/// (``Platform/AppDefinition/checkers``). The loader checks the header's names against it, so a
/// misspelt name is a load error listing the known ones.
public struct CheckerCatalogue: Sendable {
    /// The platform's checkers and the added ones, by name.
    private let everyApp: [String]
    /// Each app's own checker names, by bundle identifier.
    private let byApp: [String: [String]]

    public init(apps: [AppDefinition], added: [AppChecker] = []) {
        everyApp = Checker.platform.map(\.name) + added.map(\.name)
        var byApp: [String: [String]] = [:]
        for app in apps { byApp[app.bundleIdentifier.rawValue] = app.checkers.map(\.name) }
        self.byApp = byApp
    }

    /// Only the platform's checkers: what a loader knows without apps.
    public static let platformOnly = CheckerCatalogue(apps: [])

    /// The names a scenario of `appId` may use: its app's own, then every app's; for an app the
    /// catalogue does not know (or a `runFlow` file, which names none), every name it knows.
    public func names(for appId: String) -> [String] {
        if let own = byApp[appId] { return own + everyApp }
        return byApp.keys.sorted().flatMap { byApp[$0] ?? [] }.reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        } + everyApp
    }
}
