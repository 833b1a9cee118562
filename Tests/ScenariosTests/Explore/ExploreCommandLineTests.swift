import Apps
import Core
import Foundation
@testable import Scenarios
import Testing

@Suite("Explore: the command line's output and exit codes")
struct ExploreCommandLineTests {
    static func context(_ folder: ScenarioRunFolder, printed: PrintedText, errors: PrintedText) -> ScenarioCommandContext {
        ScenarioCommandContext(
            environment: [:], standardErrorIsTerminal: false, processorCount: 1, workFolder: folder.path + "/work",
            hostNanoseconds: { 0 }, nextSeed: { 42 }, deviceSet: { throw FileSystemError.from(errno: ENOENT, operation: "open", path: "set") },
            fileSystem: POSIXFileSystem(), standardOutput: { printed.append($0); return true }, standardError: { errors.append($0) })
    }

    @Test func aPlantedBugExitsOneWithAJSONLineNamingTheCheckerAndTheFile() throws {
        let folder = try ScenarioRunFolder()
        let printed = PrintedText(), errors = PrintedText()
        let status = ExploreCommandLine.run(arguments: [MyLocations.bundleIdentifier.rawValue, "--seed", "1", "--steps", "5000", "--json",
                                                        "--device", "iPod touch (7th generation)", "--no-camera", "--out", folder.path + "/out",
                                                        "--launch-arg", "deleteKeepsFile=true"],
                                            apps: ReferenceApps.all, context: Self.context(folder, printed: printed, errors: errors))
        #expect(status == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(printed.text.utf8)) as? [String: Any])
        #expect(json["seed"] as? Int == 1 && json["failures"] as? Int == 1)
        #expect(json["checkers"] as? [String] == ["photo-files"])
        let file = try #require((json["files"] as? [String])?.first)
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(errors.text.contains("seed 1: 100 events, every check passed"))
        #expect(errors.text.contains("replay: simctl run \(file)"))
    }

    @Test func withoutASeedAFreshOneIsUsedAndPrintedAndNothingFailedExitsZero() throws {
        let folder = try ScenarioRunFolder()
        let printed = PrintedText(), errors = PrintedText()
        let status = ExploreCommandLine.run(arguments: [MyLocations.bundleIdentifier.rawValue, "--steps", "20", "--out", folder.path + "/out"],
                                            apps: ReferenceApps.all, context: Self.context(folder, printed: printed, errors: errors))
        #expect(status == 0)
        #expect(printed.text.hasPrefix("seed 42: 20 events, every check passed\n"))
        #expect(printed.text.hasSuffix("no checker failed\n"))
    }

    @Test(arguments: [
        ["com.example.Nope"], [], ["com.photosim.MyLocations", "--steps", "0"], ["com.photosim.MyLocations", "--time", "-1"],
        ["com.photosim.MyLocations", "--launch-arg", "strongObserver"], ["com.photosim.MyLocations", "--device", "iPhone 99"],
    ])
    func usageMistakesExitSixtyFour(arguments: [String]) throws {
        let folder = try ScenarioRunFolder()
        let printed = PrintedText(), errors = PrintedText()
        #expect(ExploreCommandLine.run(arguments: arguments + ["--out", folder.path + "/out"], apps: ReferenceApps.all,
                                       context: Self.context(folder, printed: printed, errors: errors)) == 64)
        #expect(!errors.text.isEmpty)
    }

    /// `--app` names a built .app bundle, of the bundle id given: anything else is a usage
    /// error in `simctl run --app`'s words.
    @Test func anAppThatIsNoBundleIsAUsageErrorSayingWhy() throws {
        let folder = try ScenarioRunFolder()
        let printed = PrintedText(), errors = PrintedText()
        let missing = folder.path + "/Nothing.app"
        #expect(ExploreCommandLine.run(arguments: [MyLocations.bundleIdentifier.rawValue, "--app", missing, "--out", folder.path + "/out"],
                                       apps: ReferenceApps.all, context: Self.context(folder, printed: printed, errors: errors)) == 64)
        #expect(errors.text.hasPrefix("--app \(missing): No app bundle (a folder ending in .app) is at \(missing)."), "\(errors.text)")
    }

    @Test func anOutputFolderThatCannotBeWrittenExitsSeventyFour() throws {
        let folder = try ScenarioRunFolder()
        try Data([1]).write(to: URL(fileURLWithPath: folder.path + "/file"))
        let printed = PrintedText(), errors = PrintedText()
        #expect(ExploreCommandLine.run(arguments: [MyLocations.bundleIdentifier.rawValue, "--out", folder.path + "/file/out"],
                                       apps: ReferenceApps.all, context: Self.context(folder, printed: printed, errors: errors)) == 74)
        #expect(errors.text.contains("choose a writable folder with --out"))
    }
}
