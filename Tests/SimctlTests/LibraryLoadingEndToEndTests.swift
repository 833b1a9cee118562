import Core
import Foundation
import Testing

/// What the built `simctl` maps: at start only what every command needs; libheif on the first
/// HEIC and cairo and Pango on the first screen drawn (`dlopen`), each only by a command that
/// uses it. The dynamic loader reports it: `LD_TRACE_LOADED_OBJECTS` lists what a start maps,
/// `LD_DEBUG=files` every file a run opens, at start or later.
@Suite("library loading, end to end") struct LibraryLoadingEndToEndTests {
    /// Libraries (by the start of their file names) that only reading a HEIC needs: libheif and its codecs.
    static let heicLibraries = ["libheif.", "libde265.", "libx265.", "libaom.", "libdav1d."]
    /// Libraries (by the start of their file names) that only drawing a screen needs.
    static let drawingLibraries = ["libcairo.", "libpango", "libglib-2.0.", "libgobject-2.0.", "libfontconfig.",
                                   "libharfbuzz.", "libfreetype.", "libpixman-1.", "libX11.", "libxcb."]

    /// The file names the loader maps when `executable` starts, without running it.
    static func librariesMappedAtStart(of executable: String) throws -> [String] {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_TRACE_LOADED_OBJECTS"] = "1"
        let trace = try SimctlRunner.execute(executable, [], environment: environment)
        #expect(trace.exitCode == 0, "\(trace)")
        return trace.standardOutput.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map { String($0.split(separator: "/").last ?? $0) }
        }
    }

    /// Those of `libraries` whose names start with one of `prefixes`.
    static func matching(_ libraries: [String], _ prefixes: [String]) -> [String] {
        libraries.filter { library in prefixes.contains { library.hasPrefix($0) } }
    }

    @Test(arguments: ["simctl", "xcrun", "photosim-bench"])
    func startingMapsNeitherHEICNorDrawingLibraries(_ product: String) throws {
        let mapped = try Self.librariesMappedAtStart(of: SimctlRunner.productsFolder.appendingPathComponent(product))
        #expect(mapped.contains("libc.so.6"), "the loader listed nothing: \(mapped)")
        #expect(Self.matching(mapped, Self.heicLibraries + Self.drawingLibraries).isEmpty, "\(mapped)")
    }

    /// Every file a `simctl` run opened as a shared library, at start or later (`LD_DEBUG=files`).
    static func librariesLoaded(by arguments: [String], _ runner: SimctlRunner) throws -> [String] {
        let logPrefix = runner.folder.appendingPathComponent("loader-\(UUID().uuidString)")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        environment["LD_DEBUG_OUTPUT"] = logPrefix
        let run = try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", runner.setPath] + arguments, environment: environment)
        #expect(run.exitCode == 0, "\(run)")
        let folder = logPrefix.deletingLastPathComponent
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix(logPrefix.lastPathComponent + ".") }
        try #require(logs.count == 1, "one loader log per run: \(logs)")
        let log = try String(contentsOfFile: folder.appendingPathComponent(logs[0]), encoding: .utf8)
        return log.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "file=") else { return nil }
            return line[start.upperBound...].split(separator: " ").first.map { String($0.split(separator: "/").last ?? $0) }
        }
    }

    @Test func aCommandLoadsOnlyWhatItUses() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SimulatorTests/Fixtures")
        let heic = runner.folder.appendingPathComponent("photo.heic")
        try runner.fileSystem.writeAtomically(try Data(contentsOf: fixtures.appendingPathComponent("photo_tiny.heic")), to: heic)

        let list = try Self.librariesLoaded(by: ["list"], runner)
        #expect(list.contains("libsqlite3.so.0"), "the loader log is empty: \(list)")
        #expect(Self.matching(list, Self.heicLibraries + Self.drawingLibraries).isEmpty, "\(list)")

        let jpeg = try Self.librariesLoaded(by: ["addmedia", "booted", try runner.writeJPEG(named: "photo.jpg")], runner)
        #expect(Self.matching(jpeg, Self.heicLibraries + Self.drawingLibraries).isEmpty, "\(jpeg)")

        let heicAdd = try Self.librariesLoaded(by: ["addmedia", "booted", heic], runner)
        #expect(heicAdd.contains("libheif.so.1"), "\(heicAdd)")
        #expect(Self.matching(heicAdd, Self.drawingLibraries).isEmpty, "\(heicAdd)")

        let screenshot = try Self.librariesLoaded(by: ["io", "booted", "screenshot", runner.folder.appendingPathComponent("shot.png")], runner)
        #expect(screenshot.contains("libcairo.so.2") && screenshot.contains("libpangocairo-1.0.so.0"), "\(screenshot)")
        #expect(Self.matching(screenshot, Self.heicLibraries).isEmpty, "\(screenshot)")
    }

    /// Without a usable cairo (here a broken `libcairo.so.2` the loader finds first), a screenshot
    /// fails saying which file could not be loaded and the package to install; commands that draw
    /// nothing work as before.
    @Test func aScreenshotWithoutCairoSaysWhatToInstall() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let libraries = runner.folder.appendingPathComponent("broken-libraries")
        try runner.fileSystem.createDirectory(at: libraries)
        try runner.fileSystem.writeAtomically(Data("not a shared library".utf8), to: libraries + "/libcairo.so.2")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = [libraries, environment["LD_LIBRARY_PATH"]].compactMap { $0 }.joined(separator: ":")
        func run(_ arguments: [String]) throws -> SimctlRunner.Result {
            try SimctlRunner.execute(SimctlRunner.simctlPath, ["--set", runner.setPath] + arguments, environment: environment)
        }

        let shot = runner.folder.appendingPathComponent("shot.png")
        let screenshot = try run(["io", "booted", "screenshot", shot])
        #expect(screenshot.exitCode == 70, "\(screenshot)")
        #expect(screenshot.standardError == "Detected file type from extension: PNG\nCannot draw the screen: cannot draw screens:"
            + " cairo and Pango could not be loaded (\(libraries)/libcairo.so.2: file too short); install the Debian package"
            + " libpangocairo-1.0-0 (apt-get install libpangocairo-1.0-0), which brings in cairo, Pango, fontconfig and GLib\n",
            "\(screenshot)")
        #expect(!FileManager.default.fileExists(atPath: shot))
        #expect(try run(["list", "devices"]).exitCode == 0)
        #expect(try run(["addmedia", "booted", try runner.writeJPEG(named: "photo.jpg")]).exitCode == 0)
    }
}
