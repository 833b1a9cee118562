import Core
import Foundation
@testable import Simulator
import Testing

@Suite struct MediaLibraryTests {
    @Test func addsAJPEGUnderACameraRollName() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "photos/beach.jpg", data: try sandbox.jpeg(width: 64, height: 48))])
        #expect(added.count == 1)
        #expect(added[0].fileName == "IMG_0001.JPG")
        #expect(added[0].path == "DCIM/100APPLE/IMG_0001.JPG")
        #expect(added[0].originalFilename == "beach.jpg")
        #expect(try library.assets() == added)
        #expect(try library.checkInvariants().isEmpty)
    }
}
