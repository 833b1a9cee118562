import Platform
import Simulator

/// What `--list-checkers` prints: the platform's checkers, those a runner adds to every app,
/// then each app's own, one line each: its name and what it checks.
///
/// ```
/// Every app:
///   store-integrity   PRAGMA integrity_check is ok on every store of the app container and the media library
///   ...
/// com.photosim.MyLocations:
///   photo-files       every Documents/Photo-<id>.jpg has a location row and every row's photo file exists
/// ```
enum CheckerListing {
    static func text(apps: [AppDefinition], added: [AppChecker]) -> String {
        var sections: [(title: String, checkers: [(name: String, summary: String)])] = []
        sections.append(("Every app", Checker.platform.map { ($0.name, $0.summary) }))
        if !added.isEmpty { sections.append(("Every app, added by this runner", added.map { ($0.name, $0.summary) })) }
        for app in apps.sorted(by: { $0.bundleIdentifier < $1.bundleIdentifier }) where !app.checkers.isEmpty {
            sections.append((app.bundleIdentifier.rawValue, app.checkers.map { ($0.name, $0.summary) }))
        }
        let width = sections.flatMap(\.checkers).map(\.name.count).max() ?? 0
        return sections.map { section in
            section.title + ":\n" + section.checkers.map { checker in
                "  " + checker.name + String(repeating: " ", count: width - checker.name.count + 2) + checker.summary + "\n"
            }.joined()
        }.joined()
    }
}
