import Core
import Foundation
import PhotoSimTesting
@testable import DeviceStore
import Testing

/// The photos of one `add` share ``ImportPipeline/checkBudgetBytes``: a photo whose check (with
/// its file) does not fit beside those under way waits for them, and one that cannot fit even
/// alone is refused with the limit for its kind.
@Suite struct MediaLibraryMemoryBudgetTests {
    /// A HEIC of `Tests/CoreTests/Fixtures/heic_memory` (flat-coloured, a few KB; see LICENSES.md there).
    static func heic(_ name: String) throws -> Data {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CoreTests/Fixtures/heic_memory")
        return try Data(contentsOf: fixtures.appendingPathComponent("\(name).heic"))
    }

    @Test func photosThatDoNotFitBesideEachOtherAreCheckedOneAfterAnother() throws {
        let data = try Self.heic("flat_4032x3024")
        let cost = try ImageDecoder().verificationCost(of: data)
        let sources = (0..<3).map { MediaSource(path: "photo-\($0).heic", data: data) }
        var stored: [Int] = []
        try ImportPipeline.run(sources, fileSystem: POSIXFileSystem(), budgetBytes: data.count + cost.bytes + 1) { index, _ in
            stored.append(index)
        }
        #expect(stored == [0, 1, 2])
    }

    @Test func aPhotoWhoseCheckCannotFitEvenAloneIsRefusedWithTheLimitForItsKind() throws {
        let data = try Self.heic("flat_4032x3024")
        let cost = try ImageDecoder().verificationCost(of: data)
        let budget = data.count + cost.bytes - 1
        let limit = try #require(cost.pixelLimit(withinBytes: budget - data.count))
        let expected = MediaLibraryError.imageTooLargeToCheck(path: "big.heic", kind: "HEIC", pixelWidth: 4_032, pixelHeight: 3_024,
                                                              limitPixels: limit, bytesPerPixel: cost.bytesPerPixel,
                                                              budgetBytes: budget)
        var stored = 0
        #expect(throws: expected) {
            try ImportPipeline.run([MediaSource(path: "big.heic", data: data)], fileSystem: POSIXFileSystem(),
                                   budgetBytes: budget) { _, _ in stored += 1 }
        }
        #expect(stored == 0 && limit < 4_032 * 3_024 && limit > 4_032 * 3_000)
        #expect(expected.description.contains("4032x3024 pixels is more than the limit of \(limit) pixels for this HEIC"))
    }

    /// An iPhone's 12 MP photo (a turned grid of 512x512 tiles) is taken; its 48 MP "HEIF Max"
    /// size is refused before it is decoded, naming the limit.
    @Test func anIPhonePhotoIsTakenAndA48MegapixelOneRefused() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let added = try library.add([MediaSource(path: "IMG_1234.HEIC", data: try Self.heic("grid_4032x3024_turned"))])
        #expect(added.map(\.fileName) == ["IMG_0001.HEIC"] && added.first?.pixelWidth == 3_024)
        #expect {
            try library.add([MediaSource(path: "IMG_5678.HEIC", data: try Self.heic("flat_8064x6048"))])
        } throws: { error in
            guard case MediaLibraryError.imageTooLargeToCheck("IMG_5678.HEIC", "HEIC", 8_064, 6_048, let limit, _,
                                                              ImportPipeline.checkBudgetBytes) = error else { return false }
            return limit > 4_032 * 3_024 && limit < 8_064 * 6_048
        }
        #expect(try library.assets().count == 1)
    }
}
