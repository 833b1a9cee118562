import AppChannel
import CoreLocation
import Foundation
import UIKit

/// Apple: `PHAssetMediaType` (unknown 0, image 1, video 2, audio 3).
public enum PHAssetMediaType: Int, Sendable {
    case unknown = 0, image = 1, video = 2, audio = 3
}

/// Apple: `PHAssetMediaSubtype` (PHAsset.h's bit values). The library's photos have none.
public struct PHAssetMediaSubtype: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let photoPanorama = PHAssetMediaSubtype(rawValue: 1 << 0)
    public static let photoHDR = PHAssetMediaSubtype(rawValue: 1 << 1)
    public static let photoScreenshot = PHAssetMediaSubtype(rawValue: 1 << 2)
    public static let photoLive = PHAssetMediaSubtype(rawValue: 1 << 3)
    public static let photoDepthEffect = PHAssetMediaSubtype(rawValue: 1 << 4)
    public static let spatialMedia = PHAssetMediaSubtype(rawValue: 1 << 10)
    public static let videoStreamed = PHAssetMediaSubtype(rawValue: 1 << 16)
    public static let videoHighFrameRate = PHAssetMediaSubtype(rawValue: 1 << 17)
    public static let videoTimelapse = PHAssetMediaSubtype(rawValue: 1 << 18)
    public static let videoCinematic = PHAssetMediaSubtype(rawValue: 1 << 21)
}

/// A photo of the device's library (Apple: Photos › PHAsset), as the library describes it.
open class PHAsset: PHObject {
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let creationDate: Date?
    /// The library keeps no edits: the creation date.
    open var modificationDate: Date? { creationDate }
    public let mediaType: PHAssetMediaType
    /// The library's photos are plain ones: no subtype.
    open var mediaSubtypes: PHAssetMediaSubtype { [] }
    /// The library has no bursts.
    open var burstIdentifier: String? { nil }
    /// Where the photo was taken, from its EXIF GPS position; nil without one. The location's
    /// timestamp is the photo's creation date.
    public let location: CLLocation?
    /// A photo's length: 0.
    open var duration: TimeInterval { 0 }
    /// The library has no favourites or hidden photos yet.
    open var isFavorite: Bool { false }
    open var isHidden: Bool { false }
    /// The camera-roll file name (`IMG_0001.JPG`), for the trace.
    let fileName: String
    /// The uniform type of the stored file (`public.jpeg`, `public.heic`).
    let uniformTypeIdentifier: String

    init(_ asset: LibraryAsset) {
        pixelWidth = asset.pixelWidth
        pixelHeight = asset.pixelHeight
        let created = Date(timeIntervalSince1970: asset.creationDate)
        creationDate = created
        mediaType = .image
        if let latitude = asset.latitude, let longitude = asset.longitude {
            location = CLLocation(coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
                                  horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: created)
        } else {
            location = nil
        }
        fileName = asset.fileName
        uniformTypeIdentifier = asset.uniformTypeIdentifier
        super.init(localIdentifier: asset.localIdentifier)
    }

    /// The assets the app may see, in `options`' order (the library's, oldest first, without
    /// one). Without access the result is empty; an undecided app is asked first.
    open class func fetchAssets(with options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        fetch(options) { _ in true }
    }

    open class func fetchAssets(with mediaType: PHAssetMediaType, options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        fetch(options) { $0.mediaType == mediaType }
    }

    /// The assets with these identifiers the app may see, in the library's order (or `options`').
    open class func fetchAssets(withLocalIdentifiers identifiers: [String], options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        let wanted = Set(identifiers)
        return fetch(options) { wanted.contains($0.localIdentifier) }
    }

    /// A fetch result that can be made again from the library as it is later (for a change's
    /// details).
    private static func fetch(_ options: PHFetchOptions?, where include: @escaping (PHAsset) -> Bool) -> PHFetchResult<PHAsset> {
        let query = query(options, where: include)
        return PHFetchResult(query(PHPhotoLibrary.mayRead() ? PHPhotoLibrary.visibleAssets() : []), query: query)
    }

    /// What a fetch with `options` makes of the library's assets.
    private static func query(_ options: PHFetchOptions?, where include: @escaping (PHAsset) -> Bool) -> ([LibraryAsset]) -> [PHAsset] {
        let sortDescriptors = options?.sortDescriptors ?? []
        let keys = sortDescriptors.map { (PHFetchOptions.key(of: $0), $0.ascending) }
        let predicate = options?.predicate
        let limit = options?.fetchLimit ?? 0
        for (key, _) in keys where !["creationDate", "modificationDate", "pixelWidth", "pixelHeight"].contains(key ?? "") {
            DeviceAnswers.raise("NSInvalidArgumentException", reason: "Unsupported sort descriptor in fetch options: \(key ?? "(no key)")")
        }
        if let predicate { checkFetchPredicate(predicate) }
        return { described in
            var assets = described.map(PHAsset.init).filter(include)
            if let predicate { assets = assets.filter { predicate.evaluate(with: $0) } }
            // Ties keep the library's order (by date, then file name) in the primary sort's
            // direction: newest first puts the later of two photos of one second first.
            if keys.first?.1 == false { assets.reverse() }
            for (key, ascending) in keys.reversed() {
                assets = assets.enumerated().sorted { left, right in
                    let order = compare(left.element, right.element, key: key)
                    if order == .orderedSame { return left.offset < right.offset }
                    return ascending ? order == .orderedAscending : order == .orderedDescending
                }.map(\.element)
            }
            if limit > 0 { assets = Array(assets.prefix(limit)) }
            return assets
        }
    }

    /// The keys a fetch of assets may name (Apple: PHFetchOptions, "Supported predicate and sort
    /// descriptor keys"; `favorite` and `hidden` are the properties' getter-less names).
    static let fetchKeys: Set<String> = ["SELF", "localIdentifier", "creationDate", "modificationDate", "mediaType", "mediaSubtypes",
                                         "duration", "pixelWidth", "pixelHeight", "favorite", "isFavorite", "hidden", "isHidden",
                                         "burstIdentifier"]

    /// Photos takes predicates made from a format (and their compounds) on its fetch keys;
    /// Apple: "Photos does not support predicates created with the init(block:) method". Another
    /// ends the app with Photos' `NSInvalidArgumentException` "Unsupported predicate in fetch
    /// options: …", naming the predicate as Foundation prints it.
    static func checkFetchPredicate(_ predicate: NSPredicate) {
        if let compound = predicate as? NSCompoundPredicate {
            compound.subpredicates.forEach(checkFetchPredicate)
        } else if let parsed = PredicateFormat.of(predicate) {
            if parsed.keys.contains(where: { !fetchKeys.contains($0) }) {
                DeviceAnswers.raise("NSInvalidArgumentException", reason: "Unsupported predicate in fetch options: \(parsed.format)")
            }
        } else if !predicate.isEqual(NSPredicate(value: true)) && !predicate.isEqual(NSPredicate(value: false)) {
            DeviceAnswers.raise("NSInvalidArgumentException", reason: "Unsupported predicate in fetch options: BLOCKPREDICATE")
        }
    }

    private static func compare(_ left: PHAsset, _ right: PHAsset, key: String?) -> ComparisonResult {
        func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult { a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame }
        switch key {
        case "creationDate", "modificationDate": return order(left.creationDate ?? .distantPast, right.creationDate ?? .distantPast)
        case "pixelWidth": return order(left.pixelWidth, right.pixelWidth)
        case "pixelHeight": return order(left.pixelHeight, right.pixelHeight)
        default: return .orderedSame
        }
    }
}

/// What a fetch returns and in which order (Apple: Photos › PHFetchOptions): `sortDescriptors`
/// by `creationDate`, `modificationDate` (the creation date: the library keeps no other),
/// `pixelWidth` or `pixelHeight`, a `predicate`, and `fetchLimit`.
open class PHFetchOptions: NSObject {
    open var sortDescriptors: [NSSortDescriptor]?
    /// Evaluated on each asset: one made with `NSPredicate(format:)` on the keys PHFetchOptions
    /// documents, a compound of such, or `NSPredicate(value:)`. A block predicate, or a key
    /// outside the table, ends the app at the fetch, as Photos does.
    open var predicate: NSPredicate?
    open var fetchLimit = 0
    open var includeHiddenAssets = false

    public override init() {
        super.init()
    }

    /// The keys of descriptors made with `NSSortDescriptor(key:ascending:)`.
    nonisolated(unsafe) static var keys: [ObjectIdentifier: (descriptor: Weak, key: String?)] = [:]

    final class Weak {
        weak var object: NSSortDescriptor?
        init(_ object: NSSortDescriptor) { self.object = object }
    }

    static func key(of descriptor: NSSortDescriptor) -> String? {
        guard let entry = keys[ObjectIdentifier(descriptor)], entry.descriptor.object === descriptor else { return nil }
        return entry.key
    }
}

extension NSSortDescriptor {
    /// Apple's key-based sort descriptor, which Foundation on Linux marks unavailable (it has no
    /// key-value coding): here it keeps its key for Photos' fetch options, which sort by it.
    public convenience init(key: String?, ascending: Bool) {
        self.init(keyPath: \NSObject.hash, ascending: ascending)
        PHFetchOptions.keys = PHFetchOptions.keys.filter { $0.value.descriptor.object != nil }
        PHFetchOptions.keys[ObjectIdentifier(self)] = (PHFetchOptions.Weak(self), key)
    }
}

/// The assets of a fetch, in order (Apple: Photos › PHFetchResult). A result does not change
/// when the library does: a change observer gets the new one from the change's details.
open class PHFetchResult<ObjectType: AnyObject>: NSObject {
    let objects: [ObjectType]
    /// The fetch, to make this result again from the library as it is later.
    let query: (([LibraryAsset]) -> [ObjectType])?

    init(_ objects: [ObjectType], query: (([LibraryAsset]) -> [ObjectType])? = nil) {
        self.objects = objects
        self.query = query
        super.init()
    }

    public override init() {
        objects = []
        query = nil
        super.init()
    }

    open var count: Int { objects.count }
    open var firstObject: ObjectType? { objects.first }
    open var lastObject: ObjectType? { objects.last }

    /// The object at `index`; out of range raises Foundation's `NSRangeException`, as NSArray does.
    open func object(at index: Int) -> ObjectType {
        guard objects.indices.contains(index) else {
            DeviceAnswers.raise("NSRangeException", reason: "*** -[PHFetchResult objectAtIndex:]: index \(index) beyond bounds [0 .. \(objects.count - 1)]")
        }
        return objects[index]
    }

    open subscript(index: Int) -> ObjectType { object(at: index) }

    open func objects(at indexes: IndexSet) -> [ObjectType] { indexes.map { object(at: $0) } }

    open func contains(_ anObject: ObjectType) -> Bool { objects.contains { $0 === anObject || ($0 as? NSObject)?.isEqual(anObject) == true } }

    open func index(of anObject: ObjectType) -> Int {
        objects.firstIndex { $0 === anObject || ($0 as? NSObject)?.isEqual(anObject) == true } ?? NSNotFound
    }

    /// Calls `block` with each object and its index until it sets its last argument to true.
    open func enumerateObjects(_ block: (ObjectType, Int, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop: ObjCBool = false
        for (index, object) in objects.enumerated() {
            block(object, index, &stop)
            if stop.boolValue { break }
        }
    }
}
