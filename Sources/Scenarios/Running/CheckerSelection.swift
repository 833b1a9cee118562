import Platform
import Simulator

/// Which checkers a run uses: every checker of its app (the app's own, then the platform's) and
/// those a runner adds to every app, narrowed to the names in ``only`` and without those in
/// ``skipped``; a scenario's header narrows further (`checkers`, `skipCheckers`).
///
/// ```swift
/// runner.checkers = CheckerSelection(skipped: ["caches"], added: [TeamCheckers.notesMatchFiles])
/// runner.checkers = .none                      // no checker at all
/// ```
public struct CheckerSelection: Sendable {
    /// Only these names run (`--checkers`); `nil` for all.
    public var only: [String]?
    /// These names do not run (`--skip-checkers`).
    public var skipped: [String]
    /// Rules added to every app's own, run after them (a team's suite-wide rules).
    public var added: [AppChecker]

    public init(only: [String]? = nil, skipped: [String] = [], added: [AppChecker] = []) {
        self.only = only
        self.skipped = skipped
        self.added = added
    }

    /// Every checker of every app.
    public static let all = CheckerSelection()
    /// None.
    public static let none = CheckerSelection(only: [])

    /// Every checker a run of `definition` could use, before any narrowing: the app's own, the
    /// added ones, then the platform's (the leak check last).
    public func available(for definition: AppDefinition) -> [Checker] {
        available(appCheckers: definition.checkers)
    }

    /// Every checker a run of an app with `appCheckers` of its own could use (an app in its own
    /// process has those of the in-process app of its identifier, when there is one).
    func available(appCheckers: [AppChecker]) -> [Checker] {
        (appCheckers + added).map(Checker.init) + Checker.platform
    }

    /// The checkers a run of `definition` uses, after this selection's narrowing and the header's
    /// (`headerOnly` and `headerSkipped`).
    public func checkers(for definition: AppDefinition, headerOnly: [String]? = nil, headerSkipped: [String] = []) -> [Checker] {
        checkers(appCheckers: definition.checkers, headerOnly: headerOnly, headerSkipped: headerSkipped)
    }

    /// The checkers a run of an app with `appCheckers` of its own uses, after the narrowing.
    func checkers(appCheckers: [AppChecker], headerOnly: [String]? = nil, headerSkipped: [String] = []) -> [Checker] {
        let skipped = Set(skipped + headerSkipped)
        return available(appCheckers: appCheckers).filter { checker in
            !skipped.contains(checker.name) && (only?.contains(checker.name) ?? true)
                && (headerOnly?.contains(checker.name) ?? true)
        }
    }

    /// The names this selection's lists use that none of `apps` has; empty when all are known.
    public func unknownNames(among apps: [AppDefinition]) -> [String] {
        let known = Set(apps.flatMap { available(for: $0).map(\.name) } + Checker.platform.map(\.name))
        return ((only ?? []) + skipped).filter { !known.contains($0) }
    }
}
