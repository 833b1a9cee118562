import Core
import Foundation
import Testing

/// A sample of the bad image corpus (Tests/RobustnessTests) through the `simctl addmedia` binary:
/// each is refused with exit 65 and a message that starts with the file's path, and the library
/// is left as it was, also when good photos come in the same call.
@Suite("addmedia bad inputs, end to end") struct AddMediaBadInputEndToEndTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: Data
        let phrase: String
        var testDescription: String { name }
    }

    static let gif: Data = {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SimulatorTests/Fixtures")
        return (try? Data(contentsOf: fixtures.appendingPathComponent("rgb_reference_96x64.gif"))) ?? Data()
    }()

    static let samples: [Sample] = [
        Sample(name: "empty.jpg", bytes: Data(), phrase: "the file is empty (0 bytes)"),
        Sample(name: "notes.jpg", bytes: Data("These are my notes, not a photo.\n".utf8), phrase: "it looks like text"),
        Sample(name: "cut.gif", bytes: gif.prefix(gif.count / 2), phrase: "the GIF ends before its image does"),
        Sample(name: "bomb.gif", bytes: gif.prefix(6) + Data([0xFF, 0xFF, 0xFF, 0xFF]) + gif.dropFirst(10),
               phrase: "65535x65535 pixels is more than the limit of 100000000 pixels"),
    ]

    @Test(arguments: samples)
    func aBadFileIsRefusedByPathAndAddsNothing(_ sample: Sample) throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let before = try runner.mediaAssets(phone).count
        let path = runner.folder.appendingPathComponent(sample.name)
        try runner.fileSystem.writeAtomically(sample.bytes, to: path)

        let add = try runner.run(["addmedia", "booted", try runner.writeJPEG(named: "good.jpg"), path])
        #expect(add.exitCode == 65, "\(add)")
        #expect(add.standardError.hasPrefix("Cannot add \(path): "), "\(add)")
        #expect(add.standardError.contains(sample.phrase) && add.standardError.contains("Nothing was added."), "\(add)")
        #expect(try runner.mediaAssets(phone).count == before)
    }
}
