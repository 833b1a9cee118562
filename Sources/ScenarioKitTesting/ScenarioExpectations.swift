import Platform
import ScenarioKit
import Scenarios
import Simulator
import Testing

/// Swift Testing forms of ScenarioKit's checks: each records an issue at the caller's line
/// with the check's message instead of throwing, so a test goes on to its other expectations.
/// (For XCTest, call ``ScenarioCheck`` and ``AppHostCheck`` from a throwing test method.)
///
/// ```swift
/// @Test func choosingAPhotoSavesIt() {
///     expectScenarioPasses("Scenarios/choose-photo.yaml", apps: [Notes.definition])
/// }
/// ```
///
/// `replayProgram` is ``ScenarioCheck/replayProgram``: the command a failure's replay line
/// starts with (your `ScenarioMain` executable, as in `swift run notes-scenarios`).
@discardableResult
public func expectScenarioPasses(_ file: String, apps: [AppDefinition], suiteRoot: String? = nil, seed: UInt64? = nil,
                                 workFolder: String? = nil, replayProgram: String? = nil,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ScenarioResult? {
    var check = ScenarioCheck(apps: apps, workFolder: workFolder)
    check.replayProgram = replayProgram
    do {
        return try check.run(file, suiteRoot: suiteRoot, seed: seed)
    } catch {
        Issue.record(Comment(rawValue: error.message), sourceLocation: sourceLocation)
        return error.result
    }
}

/// Runs `body` and records an issue naming every object that outlived its owner afterwards
/// (``AppHostCheck/noLeaks(_:_:)``); an error `body` throws is recorded too.
public func expectNoLeaks(_ host: AppHost, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    record(sourceLocation) { try AppHostCheck.noLeaks(host, body) }
}

/// Runs `body`, sends a memory warning, and records an issue unless the app still runs with no
/// decoded image held off screen (``AppHostCheck/survivesMemoryWarning(_:_:)``).
public func expectSurvivesMemoryWarning(_ host: AppHost, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                                        _ body: () throws -> Void) {
    record(sourceLocation) { try AppHostCheck.survivesMemoryWarning(host, body) }
}

/// Runs `check`, recording what it throws as an issue at `sourceLocation`.
private func record(_ sourceLocation: Testing.SourceLocation, _ check: () throws -> Void) {
    do {
        try check()
    } catch let failure as ScenarioCheckFailure {
        Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
}
