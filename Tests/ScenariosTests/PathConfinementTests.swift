import Foundation
import Testing
@testable import Scenarios

/// Paths a scenario names are relative to it and never leave the suite folder.
@Suite struct PathConfinementTests {
    @Test func aPathClimbingOutIsRefusedNamingPathAndRoot() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flows/add.yaml", "appId: a.b\nmedia: [../../secret.jpg]\n---\n- back\n")
        #expect(fixture.problems("flows/add.yaml") == [
            "<root>/flows/add.yaml:2:9: `media`: `../../secret.jpg` leaves the suite folder `<root>`; keep media, fixtures and flows inside it",
        ])
    }

    @Test func anAbsolutePathOutsideIsRefused() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n- addMedia: [/etc/hostname]\n")
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:3:14: `addMedia`: `/etc/hostname` is outside the suite folder `<root>`; keep media, fixtures and flows inside it",
        ])
    }

    @Test func aSymbolicLinkLeavingTheSuiteIsRefused() throws {
        let fixture = try ScenarioFixture()
        let outside = try ScenarioFixture()
        let target = try outside.write("beach.jpg", "jpeg")
        try fixture.folder("photos")
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/photos/beach.jpg", withDestinationPath: target)
        try fixture.write("flow.yaml", "appId: a.b\nmedia: [photos/beach.jpg]\n---\n- back\n")
        let real = try #require(POSIXScenarioFiles().resolvingSymbolicLinks(target))
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:2:9: `media`: `photos/beach.jpg` is a symbolic link to `\(real)`, outside the suite folder `<root>`; copy it into the suite",
        ])
    }

    @Test func aSymbolicLinkInsideTheSuiteIsFine() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("photos/beach.jpg", "jpeg")
        try FileManager.default.createSymbolicLink(atPath: fixture.root + "/latest.jpg", withDestinationPath: fixture.root + "/photos/beach.jpg")
        try fixture.write("flow.yaml", "appId: a.b\nmedia: [latest.jpg]\n---\n- back\n")
        #expect(try fixture.load("flow.yaml").header.media.map(\.relativePath) == ["latest.jpg"])
    }

    @Test func aMissingFileAndAWrongKindAreReported() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("store.sqlite", "x")
        try fixture.write("flow.yaml", "appId: a.b\nmedia: [missing.jpg]\ncontainer: store.sqlite\n---\n- back\n")
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:2:9: `media`: no such file `missing.jpg` (looked for `<root>/missing.jpg`)",
            "<root>/flow.yaml:3:12: `container`: `store.sqlite` is a file; expected a folder",
        ])
    }

    @Test func aPipeNamedAsAMediumOrAFlowIsRefusedSayingWhatItIs() throws {
        let fixture = try ScenarioFixture()
        try #require(mkfifo(fixture.root + "/photo.jpg", 0o644) == 0 && mkfifo(fixture.root + "/sub.yaml", 0o644) == 0)
        try fixture.write("flow.yaml", "appId: a.b\nmedia: [photo.jpg]\n---\n- runFlow: sub.yaml\n")
        let reason = "not a regular file; a suite holds only regular files and folders (a pipe or a device could block the run)"
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:2:9: `media`: `photo.jpg` is a named pipe (FIFO), \(reason)",
            "<root>/flow.yaml:4:12: `runFlow`: `sub.yaml` is a named pipe (FIFO), \(reason)",
        ])
    }

    @Test(arguments: ["/Documents/x.jpg", "../x.jpg", "Documents/../../x", ""])
    func appPathsStayInTheContainer(_ written: String) {
        #expect(AppPath(written) == nil)
    }

    @Test func appPathsAreNormalized() {
        #expect(AppPath("Documents//./Photo-1.jpg")?.path == "Documents/Photo-1.jpg")
    }
}
