import AppChannel
import Foundation
import UIKit

/// Apple: `PHAssetMediaType` (unknown 0, image 1, video 2, audio 3).
public enum PHAssetMediaType: Int, Sendable {
    case unknown = 0, image = 1, video = 2, audio = 3
}

/// A photo of the device's library (Apple: Photos › PHAsset), as the library describes it.
open class PHAsset: NSObject {
    public let localIdentifier: String
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let creationDate: Date?
    public let mediaType: PHAssetMediaType
    /// The camera-roll file name (`IMG_0001.JPG`), for the trace.
    let fileName: String

    init(_ asset: LibraryAsset) {
        localIdentifier = asset.localIdentifier
        pixelWidth = asset.pixelWidth
        pixelHeight = asset.pixelHeight
        creationDate = Date(timeIntervalSince1970: asset.creationDate)
        mediaType = .image
        fileName = asset.fileName
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool { (object as? PHAsset)?.localIdentifier == localIdentifier }
    open override var hash: Int { localIdentifier.hashValue }

    /// The assets the app may see, in `options`' order (the library's, oldest first, without
    /// one). Without access the result is empty; an undecided app is asked first.
    open class func fetchAssets(with options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        PHFetchResult(fetch(options) { _ in true })
    }

    open class func fetchAssets(with mediaType: PHAssetMediaType, options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        PHFetchResult(fetch(options) { $0.mediaType == mediaType })
    }

    /// The assets with these identifiers the app may see, in the library's order (or `options`').
    open class func fetchAssets(withLocalIdentifiers identifiers: [String], options: PHFetchOptions?) -> PHFetchResult<PHAsset> {
        let wanted = Set(identifiers)
        return PHFetchResult(fetch(options) { wanted.contains($0.localIdentifier) })
    }

    private static func fetch(_ options: PHFetchOptions?, where include: (PHAsset) -> Bool) -> [PHAsset] {
        if options?.predicate != nil {
            DeviceAnswers.raise("NSInvalidArgumentException", reason: "PHFetchOptions.predicate: Foundation on Linux evaluates no NSPredicate "
                + "format (docs/photos.md); fetch with(_ mediaType:options:) or filter the result")
        }
        guard PHPhotoLibrary.mayRead(), case .assets(let described) = DeviceAnswers.ask(.assets) else { return [] }
        var assets = described.map(PHAsset.init).filter(include)
        for descriptor in (options?.sortDescriptors ?? []).reversed() {
            let ascending = descriptor.ascending
            let key = PHFetchOptions.key(of: descriptor)
            assets = assets.enumerated().sorted { left, right in
                let order = compare(left.element, right.element, key: key)
                if order == .orderedSame { return left.offset < right.offset }
                return ascending ? order == .orderedAscending : order == .orderedDescending
            }.map(\.element)
        }
        if let limit = options?.fetchLimit, limit > 0 { assets = Array(assets.prefix(limit)) }
        return assets
    }

    private static func compare(_ left: PHAsset, _ right: PHAsset, key: String?) -> ComparisonResult {
        func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult { a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame }
        switch key {
        case "creationDate", "modificationDate": return order(left.creationDate ?? .distantPast, right.creationDate ?? .distantPast)
        case "pixelWidth": return order(left.pixelWidth, right.pixelWidth)
        case "pixelHeight": return order(left.pixelHeight, right.pixelHeight)
        default:
            DeviceAnswers.raise("NSInvalidArgumentException", reason: "Unsupported sort descriptor in fetch options: \(key ?? "(no key)")")
        }
    }
}

/// What a fetch returns and in which order (Apple: Photos › PHFetchOptions): `sortDescriptors`
/// by `creationDate`, `modificationDate` (the creation date: the library keeps no other),
/// `pixelWidth` or `pixelHeight`, and `fetchLimit`.
open class PHFetchOptions: NSObject {
    open var sortDescriptors: [NSSortDescriptor]?
    /// Not evaluated: Foundation on Linux parses no predicate format (docs/photos.md).
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

/// The assets of a fetch, in order (Apple: Photos › PHFetchResult).
open class PHFetchResult<ObjectType: AnyObject>: NSObject {
    private let objects: [ObjectType]

    init(_ objects: [ObjectType]) {
        self.objects = objects
        super.init()
    }

    public override init() {
        objects = []
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
