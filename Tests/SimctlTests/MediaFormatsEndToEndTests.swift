import Core
import Foundation
import Testing

/// `simctl addmedia` of a HEIC and a GIF through the binary, as Apple's keeps them: original bytes
/// under `IMG_NNNN.HEIC` / `IMG_NNNN.GIF`, listed with their type and displayed size.
@Suite("media formats, end to end") struct MediaFormatsEndToEndTests {
    /// A fixture of Tests/SimulatorTests/Fixtures (see LICENSES.md there) copied into the run's folder.
    func copyFixture(_ name: String, _ runner: SimctlRunner) throws -> (path: String, data: Data) {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SimulatorTests/Fixtures")
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        let path = runner.folder.appendingPathComponent(name)
        try runner.fileSystem.writeAtomically(data, to: path)
        return (path, data)
    }

    @Test func aHEICAndAGIFAreAddedWithTheirOriginalBytes() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let heic = try copyFixture("photo_tiny_orient6.heic", runner)
        let gif = try copyFixture("rgb_reference_96x64.gif", runner)

        let add = try runner.run(["addmedia", "booted", heic.path, gif.path])
        #expect(add.exitCode == 0 && add.standardOutput.isEmpty && add.standardError.isEmpty, "\(add)")

        let cameraRoll = runner.setPath.appendingPathComponent("\(phone)/data/Media/DCIM/100APPLE")
        #expect(try runner.fileSystem.contents(of: cameraRoll + "/IMG_0007.HEIC") == heic.data)
        #expect(try runner.fileSystem.contents(of: cameraRoll + "/IMG_0008.GIF") == gif.data)

        let text = try runner.run(["media", "list", phone])
        #expect(text.exitCode == 0, "\(text)")
        #expect(text.standardOutput.range(of: #" DCIM/100APPLE/IMG_0007\.HEIC 120x160 \S+Z photo_tiny_orient6\.heic\n"#, options: .regularExpression) != nil)
        #expect(text.standardOutput.range(of: #" DCIM/100APPLE/IMG_0008\.GIF 96x64 \S+Z rgb_reference_96x64\.gif\n"#, options: .regularExpression) != nil)

        let added = try runner.mediaAssets(phone).filter { ["IMG_0007.HEIC", "IMG_0008.GIF"].contains($0["fileName"] as? String) }
            .sorted { ($0["fileName"] as? String ?? "") < ($1["fileName"] as? String ?? "") }
        #expect(added.map { $0["uniformTypeIdentifier"] as? String } == ["public.heic", "com.compuserve.gif"])
        #expect(added.map { $0["pixelWidth"] as? Int } == [120, 96])
        #expect(added.map { $0["pixelHeight"] as? Int } == [160, 64])
        #expect(added.map { $0["fileSize"] as? Int } == [heic.data.count, gif.data.count])
        #expect(added.map { $0["originalFilename"] as? String } == ["photo_tiny_orient6.heic", "rgb_reference_96x64.gif"])
    }

    @Test func aTruncatedHEICIsRefusedAndAddsNothing() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let heic = try copyFixture("photo_tiny.heic", runner)
        try runner.fileSystem.writeAtomically(heic.data.prefix(heic.data.count / 2), to: heic.path)

        let add = try runner.run(["addmedia", "booted", try runner.writeJPEG(named: "ok.jpg"), heic.path])
        #expect(add.exitCode == 65, "\(add)")
        #expect(add.standardError.hasPrefix("Cannot add \(heic.path): the HEIC ends before its image does (the file was cut"
                                            + " short). Copy or export it again whole."), "\(add)")
        #expect(try runner.mediaAssets(phone).count == 6)
    }

    /// Without a usable libheif (here a broken `libheif.so.1` that the loader finds first, as on a
    /// machine whose libheif1 is damaged), a HEIC is refused naming the file, the library, why it
    /// could not be loaded and the package to install; the JPEG beside it in the same environment
    /// is added, and no command needs libheif until a HEIC is read.
    @Test func aHEICWithoutLibheifIsRefusedSayingWhatToInstallAndOtherFormatsStillWork() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let heic = try copyFixture("photo_tiny.heic", runner)
        let libraries = runner.folder.appendingPathComponent("broken-libraries")
        try runner.fileSystem.createDirectory(at: libraries)
        try runner.fileSystem.writeAtomically(Data("not a shared library".utf8), to: libraries + "/libheif.so.1")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = [libraries, environment["LD_LIBRARY_PATH"]].compactMap { $0 }.joined(separator: ":")
        func run(_ arguments: [String]) throws -> SimctlRunner.Result {
            try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", runner.setPath] + arguments, environment: environment)
        }

        let add = try run(["addmedia", "booted", heic.path])
        #expect(add.exitCode == 69, "\(add)")
        #expect(add.standardError == "Cannot add \(heic.path): reading an HEIC needs libheif.so.1, which could not be loaded"
            + " (\(libraries)/libheif.so.1: file too short). Install the Debian package libheif1 (apt-get install libheif1)"
            + " and try again, or leave the HEIC out. Nothing was added.\n", "\(add)")
        #expect(try runner.mediaAssets(phone).count == 6)

        let jpeg = try run(["addmedia", "booted", try runner.writeJPEG(named: "ok.jpg")])
        #expect(jpeg.exitCode == 0 && jpeg.standardError.isEmpty, "\(jpeg)")
        #expect(try run(["list", "devices"]).exitCode == 0)
        #expect(try runner.mediaAssets(phone).count == 7)
    }
}
