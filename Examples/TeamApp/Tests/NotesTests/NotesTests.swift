import Foundation
import Notes
import ScenarioKit
import ScenarioKitTesting
import Simulator
import Testing

/// The team's own tests: its scenario files through `ScenarioCheck`, and the app driven
/// directly with `AppHostCheck` around the steps.
@Suite("Notes") struct NotesTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scenarios").path

    @Test(arguments: ["choose-photo.yaml", "memory-warning.yaml", "about-leak.yaml"])
    func scenarioPasses(_ file: String) throws {
        let check = ScenarioCheck(apps: [Notes.definition], workFolder: Self.temporaryFolder("scenario-\(file)"))
        let result = try check.run(Self.scenarios + "/" + file)
        #expect(result.passed)
    }

    @Test func aboutAndBackLeaveNothingBehind() throws {
        let host = try Self.host(named: "no-leaks")
        try host.launch()
        expectNoLeaks(host) {            // ScenarioKitTesting: an issue at this line when something leaks
            try host.tap("About")
            try host.back()
        }
    }

    @Test func theMemoryScenarioPassesAsAnExpectation() {
        expectScenarioPasses(Self.scenarios + "/memory-warning.yaml", apps: [Notes.definition],
                             workFolder: Self.temporaryFolder("expectation"))
    }

    @Test func theLeakyAboutScreenFailsTheLeakCheck() throws {
        let host = try Self.host(named: "leaky")
        try host.launch(arguments: ["leakyAbout": "true"])
        let failure = try #require(throws: ScenarioCheckFailure.self) {
            try AppHostCheck.noLeaks(host) {
                try host.tap("About")
                try host.back()
            }
        }
        #expect(failure.message.contains("AboutScreen"))
    }

    @Test func thePhotoSurvivesAMemoryWarning() throws {
        let host = try Self.host(named: "memory", photo: true)
        try host.launch()
        try AppHostCheck.survivesMemoryWarning(host) {
            try host.tap("Choose Photo")
            try host.pickPhoto(index: 0)
            try host.tap("About")
        }
        try host.back()
        #expect(host.visibleElements.contains { $0.identifier == "photo" })
    }

    @Test func notesOwnCheckerCatchesADamagedPhotoAndNoOtherAppsCheckerRuns() throws {
        let host = try Self.host(named: "checker", photo: true)
        try host.launch()
        try host.tap("Choose Photo")
        try host.pickPhoto(index: 0)
        let checkup = DeviceCheckup(host: host)
        #expect(checkup.run() == nil)
        #expect(Checker.all(for: Notes.definition).map(\.name) == ["note-photo-decodes", "store-integrity", "media-library",
                                                                    "caches", "leaks"])
        let photo = host.device.containerPath + "/" + Notes.photoPath
        try host.device.fileSystem.writeAtomically(Data("not a photo".utf8), to: photo)
        let failure = try #require(checkup.run())
        #expect(failure.checker == "note-photo-decodes")
        #expect(failure.problems.first?.hasPrefix("Documents/note-photo does not decode") == true, "\(failure)")
    }

    static func temporaryFolder(_ name: String) -> String {
        NSTemporaryDirectory() + "teamapp-tests-\(ProcessInfo.processInfo.processIdentifier)/\(name)"
    }

    /// A fresh device with Notes installed (and one photo in its library when `photo`).
    static func host(named name: String, photo: Bool = false) throws -> AppHost {
        let world = World(seed: 1)
        let device = try RuntimeDevice.temporary(deviceType: "iPhone 15", folder: temporaryFolder(name),
                                                 definition: Notes.definition, world: world)
        if photo { _ = try device.mediaLibrary.add([MediaSource(filePath: scenarios + "/media/picos.jpg")]) }
        return AppHost(definition: Notes.definition, device: device, world: world)
    }
}
