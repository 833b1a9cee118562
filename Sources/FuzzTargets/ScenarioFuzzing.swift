import Foundation
import Scenarios

/// The scenario fuzz target: the input is `/suite/main.yaml` of a small suite that also holds a
/// flow, a photo and the input again under a second name, so `runFlow`, media paths, recursion
/// and escapes (`../`, absolute paths) all have something to find.
enum ScenarioFuzzing {
    static let suitePath = "/suite"
    static let scenarioPath = suitePath + "/main.yaml"

    static func run(_ data: Data) {
        let files = InMemoryScenarioFiles(files: [
            scenarioPath: data,
            suitePath + "/flows/again.yaml": data,
            suitePath + "/flows/login.yaml": Data("appId: com.example.MyLocations\n---\n- launchApp\n- tapOn: Tag\n".utf8),
            suitePath + "/media/beach.jpg": Data([0xFF, 0xD8, 0xFF, 0xD9]),
            "/outside/secret.yaml": Data("appId: x\n---\n- launchApp\n".utf8),
        ])
        let loader = ScenarioLoader(files: files, parameters: ["PLACE": "Beach"])
        do {
            let scenario = try loader.load(file: scenarioPath, root: suitePath)
            precondition(scenario.expandedCommandCount <= loader.limits.maximumCommands,
                         "a scenario of \(scenario.expandedCommandCount) commands passed the limit of \(loader.limits.maximumCommands)")
        } catch {
            check(error, limits: loader.limits)
        }
    }

    /// Every problem is located in a file of the suite, and there are never more than the limit.
    private static func check(_ error: ScenarioLoadError, limits: ScenarioLimits) {
        precondition(!error.diagnostics.isEmpty, "a load failed without saying why")
        precondition(error.diagnostics.count <= limits.maximumDiagnostics + 1,
                     "\(error.diagnostics.count) problems listed, over the limit of \(limits.maximumDiagnostics)")
        for diagnostic in error.diagnostics {
            precondition(diagnostic.location.file.hasPrefix(suitePath + "/"),
                         "a problem does not name a suite file: \(diagnostic)")
            precondition(!diagnostic.message.isEmpty, "a problem without words at \(diagnostic.location)")
        }
    }
}
