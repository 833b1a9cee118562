import Core
import Foundation
@testable import AppRuntime
@testable import DeviceStore
import Testing

/// A library that outlives many runs of one seed (a scenario device kept with `--device`): each
/// run draws its identifiers from the same stream, so they collide with the earlier runs' rows.
@Suite struct MediaLibraryReuseTests {
    @Test func theSameSeedAddsToOneLibraryAnyNumberOfTimes() throws {
        let sandbox = try MediaSandbox()
        let photo = MediaSource(path: "beach.jpg", data: try sandbox.jpeg(width: 8, height: 8))
        var identifiers: [String] = []
        for _ in 0..<40 {
            let library = try sandbox.open(seed: 7)
            identifiers += try library.add([photo]).map(\.localIdentifier)
        }
        #expect(Set(identifiers).count == 40)
        #expect(try sandbox.open(seed: 7).assets().count == 40)
        #expect(try sandbox.open(seed: 7).checkInvariants().isEmpty)
    }

    @Test func identifiersDependOnlyOnTheSeedAndTheLibrary() throws {
        var runs: [[String]] = []
        for _ in 0..<2 {
            let sandbox = try MediaSandbox()
            let photo = MediaSource(path: "beach.jpg", data: try sandbox.jpeg(width: 8, height: 8))
            var identifiers: [String] = []
            for _ in 0..<20 { identifiers += try sandbox.open(seed: 3).add([photo, photo]).map(\.localIdentifier) }
            runs.append(identifiers)
        }
        #expect(runs[0] == runs[1])
    }

    @Test func aSourceThatRepeatsItselfIsAnErrorNotATrap() throws {
        let sandbox = try MediaSandbox()
        let photo = MediaSource(path: "beach.jpg", data: try sandbox.jpeg(width: 8, height: 8))
        let library = try MediaLibrary(mediaFolder: sandbox.mediaFolder, fileSystem: sandbox.fileSystem, clock: sandbox.clock,
                                       random: RepeatingRandom())
        _ = try library.add([photo])
        #expect(throws: MediaLibraryError.identifiersExhausted(attempts: 1 + 0 + 16)) { try library.add([photo]) }
        #expect(try library.assets().count == 1)
        #expect(try sandbox.cameraRollFiles() == ["IMG_0001.JPG"])
    }
}

/// Gives the same bits forever.
private final class RepeatingRandom: RandomSource {
    func nextUInt64() -> UInt64 { 42 }
}
