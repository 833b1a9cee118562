import Core
import Foundation
import Simulator
import Testing
@testable import Scenarios

/// Temporary devices start from one prepared empty media library instead of each building its
/// own database: the prepared one must be what a device would have made.
@Suite("Media library template")
struct MediaLibraryTemplateTests {
    @Test("the template's database is byte for byte the one a new library makes, and opens as an empty library that takes photos")
    func theTemplateIsWhatANewLibraryMakes() throws {
        let work = try ScenarioRunFolder()
        let disk = POSIXFileSystem(durability: .scratch)
        let clock = ManualClock(now: RuntimeDevice.epochDate)
        do { _ = try MediaLibrary(mediaFolder: work.path + "/fresh", fileSystem: disk, clock: clock, random: SplitMix64(seed: 3)) }
        let template = MediaLibraryTemplate()
        try template.write(into: work.path + "/copy", scratchFolder: work.path + "/scratch", fileSystem: disk)
        #expect(!disk.fileExists(at: work.path + "/scratch"), "the template's own folder is removed")
        let database = "/PhotoData/Photos.sqlite"
        #expect(try disk.contents(of: work.path + "/copy" + database) == disk.contents(of: work.path + "/fresh" + database))
        let library = try MediaLibrary(mediaFolder: work.path + "/copy", fileSystem: disk, clock: clock, random: SplitMix64(seed: 3))
        #expect(try library.assets().isEmpty)
        let added = try library.add([MediaSource(filePath: ScenarioRunFolder.suiteFolder + "/media/picos.jpg")])
        #expect(added.count == 1)
        #expect(try library.assets().count == 1)
    }

    @Test("it is made once: a second device gets the same bytes without a new library")
    func itIsMadeOnce() throws {
        let work = try ScenarioRunFolder()
        let disk = POSIXFileSystem(durability: .scratch)
        let template = MediaLibraryTemplate()
        try template.write(into: work.path + "/one", scratchFolder: work.path + "/scratch", fileSystem: disk)
        try disk.createDirectory(at: work.path + "/scratch")
        try disk.writeAtomically(Data("in the way".utf8), to: work.path + "/scratch/marker")
        try template.write(into: work.path + "/two", scratchFolder: work.path + "/scratch", fileSystem: disk)
        #expect(disk.fileExists(at: work.path + "/scratch/marker"), "the second write made no library")
        #expect(try disk.contents(of: work.path + "/one/PhotoData/Photos.sqlite") == disk.contents(of: work.path + "/two/PhotoData/Photos.sqlite"))
    }
}
