import AppChannel
import Foundation
@testable import Photos
import Testing
@testable import UIKit

/// Format predicates as iOS code writes them for fetch options (Apple: PHFetchOptions'
/// supported keys; Foundation's "Predicate Format String Syntax"), and the ends Photos gives a
/// predicate it does not take.
@Suite struct PredicateFormatTests {
    static func asset(_ id: String, width: Int = 4032, height: Int = 3024, created: TimeInterval = 0) -> PHAsset {
        PHAsset(LibraryAsset(localIdentifier: id, fileName: "IMG_\(id).JPG", uniformTypeIdentifier: "public.jpeg",
                             pixelWidth: width, pixelHeight: height, creationDate: created))
    }

    @Test func theMediaTypeFormatsOfiOSCodeSelectPhotos() {
        let photo = Self.asset("a")
        #expect(NSPredicate(format: "mediaType == %d", PHAssetMediaType.image.rawValue).evaluate(with: photo))
        #expect(!NSPredicate(format: "mediaType = %d", PHAssetMediaType.video.rawValue).evaluate(with: photo))
        #expect(NSPredicate(format: "mediaType != %d", PHAssetMediaType.video.rawValue).evaluate(with: photo))
        #expect(NSPredicate(format: "mediaType == %d || mediaType == %d", PHAssetMediaType.video.rawValue,
                            PHAssetMediaType.image.rawValue).evaluate(with: photo))
        #expect(NSPredicate(format: "mediaType IN %@", NSArray(array: [1, 2])).evaluate(with: photo))
        #expect(NSPredicate(format: "(mediaSubtypes & %d) == 0", PHAssetMediaSubtype.photoScreenshot.rawValue).evaluate(with: photo))
        #expect(!NSPredicate(format: "(mediaSubtypes & %d) != 0 || (mediaSubtypes & %d) != 0", argumentArray:
                                [PHAssetMediaSubtype.photoPanorama, PHAssetMediaSubtype.videoHighFrameRate]).evaluate(with: photo))
        #expect(NSPredicate(format: "favorite == NO AND NOT isHidden == YES").evaluate(with: photo))
    }

    @Test func datesSizesAndIdentifiersCompareAsTheirTypesDo() {
        let photo = Self.asset("B7", width: 640, height: 480, created: 1_000)
        let before = Date(timeIntervalSince1970: 999) as NSDate
        let after = Date(timeIntervalSince1970: 1_001) as NSDate
        #expect(NSPredicate(format: "creationDate > %@ AND creationDate < %@", before, after).evaluate(with: photo))
        #expect(!NSPredicate(format: "creationDate >= %@", after).evaluate(with: photo))
        #expect(NSPredicate(format: "creationDate BETWEEN {%@, %@}", before, after).evaluate(with: photo))
        #expect(NSPredicate(format: "pixelWidth > pixelHeight").evaluate(with: photo))
        #expect(NSPredicate(format: "pixelWidth >= 640 && pixelHeight =< 480.0").evaluate(with: photo))
        #expect(NSPredicate(format: "%K == %@", "localIdentifier", "B7").evaluate(with: photo))
        #expect(NSPredicate(format: "localIdentifier IN %@", argumentArray: [["A1", "B7"]]).evaluate(with: photo))
        #expect(NSPredicate(format: "localIdentifier BEGINSWITH[c] 'b'").evaluate(with: photo))
        #expect(!NSPredicate(format: "localIdentifier BEGINSWITH 'b'").evaluate(with: photo))
        #expect(NSPredicate(format: "localIdentifier LIKE 'B?'").evaluate(with: photo))
        #expect(NSPredicate(format: "localIdentifier MATCHES '[A-Z][0-9]'").evaluate(with: photo))
        #expect(NSPredicate(format: "burstIdentifier == nil").evaluate(with: photo))
        #expect(NSPredicate(format: "SELF == %@", photo).evaluate(with: photo))
        #expect(NSPredicate(format: "SELF == %@", Self.asset("B7")).evaluate(with: photo), "assets are equal by identifier, as PHObjects are")
        #expect(!NSPredicate(format: "SELF == %@", Self.asset("C1")).evaluate(with: photo))
        #expect(NSPredicate(format: "TRUEPREDICATE").evaluate(with: photo))
        #expect(NSPredicate(format: "name CONTAINS[cd] 'cafe'").evaluate(with: ["name": "Grand Café"]))
    }

    @Test func aFormatIsKeptInApplesNormalizedForm() throws {
        let parsed = try PredicateFormat(parsing: "mediaType = %d && (pixelWidth > 10 OR title ==[c] 'x')", arguments: [1])
        #expect(parsed.format == "mediaType == 1 AND (pixelWidth > 10 OR title ==[c] \"x\")")
        #expect(parsed.keys == ["mediaType", "pixelWidth", "title"])
    }

    @Test(arguments: ["mediaType ==", "mediaType == = 1", "(mediaType == 1", "mediaType == %d", "mediaType ~ 1",
                      "mediaType == 'open", "AND mediaType == 1", "mediaType == 1 extra"])
    func aFormatThatDoesNotParseIsAnError(format: String) {
        #expect(throws: PredicateFormat.ParseError.self) { try PredicateFormat(parsing: format, arguments: []) }
    }

    @Test func photosTakesFormatPredicatesOnItsKeysAndTheirCompounds() {
        PHAsset.checkFetchPredicate(NSPredicate(format: "mediaType == %d AND duration == 0", 1))
        PHAsset.checkFetchPredicate(NSCompoundPredicate(andPredicateWithSubpredicates: [
            NSPredicate(format: "pixelWidth > 100"), NSPredicate(format: "creationDate != nil")]))
        PHAsset.checkFetchPredicate(NSPredicate(value: true))
    }

    @Test func aFormatThatDoesNotParseEndsTheAppAsFoundationDoes() async {
        let result = await #expect(processExitsWith: .signal(SIGABRT), observing: [\.standardErrorContent]) {
            _ = NSPredicate(format: "mediaType == = %d", 1)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("uncaught exception 'NSInvalidArgumentException', reason: 'Unable to parse the format string \"mediaType == = %d\"'"))
    }

    @Test func aKeyOutsidePhotosTableEndsTheAppAtTheFetch() async {
        let result = await #expect(processExitsWith: .signal(SIGABRT), observing: [\.standardErrorContent]) {
            PHAsset.checkFetchPredicate(NSPredicate(format: "title == %@", "Beach"))
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("'NSInvalidArgumentException', reason: 'Unsupported predicate in fetch options: title == \"Beach\"'"))
    }

    @Test func aBlockPredicateEndsTheAppAtTheFetch() async {
        let result = await #expect(processExitsWith: .signal(SIGABRT), observing: [\.standardErrorContent]) {
            PHAsset.checkFetchPredicate(NSPredicate { _, _ in true })
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("reason: 'Unsupported predicate in fetch options: BLOCKPREDICATE'"))
    }

    @Test func aKeyAnObjectDoesNotHaveEndsTheAppAsKeyValueCodingDoes() async {
        let result = await #expect(processExitsWith: .signal(SIGABRT), observing: [\.standardErrorContent]) {
            _ = NSPredicate(format: "title == 'x'").evaluate(with: Self.asset("a"))
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("'NSUnknownKeyException', reason: '[<PHAsset> valueForUndefinedKey:]: this class is not key value coding-compliant for the key title.'"))
    }
}
