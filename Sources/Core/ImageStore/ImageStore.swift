import Foundation

/// Images kept as JPEG files in a folder, with a byte-limited in-memory cache of decoded bitmaps.
///
/// The store of the LootLogger app: each item's photo lives in `Documents/<item key>`; reading
/// it fills a cache that is emptied by ``didReceiveMemoryWarning()``, so a long list of items does
/// not keep every photo decoded. The cache evicts least-recently-used bitmaps once their bytes pass
/// ``cacheLimitBytes``, as `NSCache` does with a `totalCostLimit` (Apple documents eviction as
/// unspecified; least recently used is the deterministic choice).
///
/// Cached bitmaps are already counted as `.decodedBitmap` by the decoder's meter; the cache does
/// not count them a second time.
///
/// ```swift
/// let store = ImageStore(folder: documents, fileSystem: POSIXFileSystem(), decoder: ImageDecoder())
/// try store.setImage(bitmap, forKey: key)
/// let result = store.image(forKey: key)   // .image(bitmap) or .noImage(reason)
/// ```
public final class ImageStore {
    /// JPEG quality of the files, as LootLogger's `jpegData(compressionQuality: 0.5)`.
    public static let fileQuality = 50

    public let folder: String
    public let cacheLimitBytes: Int
    private let fileSystem: FileSystem
    private let decoder: ImageDecoder
    private var cache: [ImageKey: CacheEntry] = [:]
    private var useCounter: UInt64 = 0
    public private(set) var cachedBytes = 0

    private struct CacheEntry {
        let bitmap: Bitmap
        var lastUse: UInt64
    }

    public init(folder: String, fileSystem: FileSystem, decoder: ImageDecoder, cacheLimitBytes: Int = 64 << 20) {
        precondition(cacheLimitBytes >= 0, "cacheLimitBytes must not be negative")
        self.folder = folder
        self.fileSystem = fileSystem
        self.decoder = decoder
        self.cacheLimitBytes = cacheLimitBytes
    }

    /// The file an image is kept in.
    public func path(forKey key: ImageKey) -> String {
        folder.appendingPathComponent(key.rawValue)
    }

    /// Writes `bitmap` as a JPEG file (atomically) and caches it.
    /// On failure the previous file, if any, is untouched and the cache entry is dropped (but for a
    /// failure of the folder's `fsync` after the rename, on a real disk: then the new file is in
    /// place, and is the key's image as any later read finds it).
    /// - Throws: ``ImageStoreError/encodingFailed(_:)`` or ``ImageStoreError/fileSystem(_:)``.
    public func setImage(_ bitmap: Bitmap, forKey key: ImageKey) throws(ImageStoreError) {
        removeFromCache(key)
        let data: Data
        do {
            data = try JPEGEncoder.encode(bitmap, quality: Self.fileQuality)
        } catch {
            throw .encodingFailed(error)
        }
        do {
            try fileSystem.createDirectory(at: folder)
            try fileSystem.writeAtomically(data, to: path(forKey: key), beforeRename: .imageStoreWriteBeforeRename)
            try fileSystem.reach(.imageStoreWriteAfterWrite)
        } catch {
            throw .fileSystem(error)
        }
        insertIntoCache(bitmap, forKey: key)
    }

    /// The image for `key`: from the cache, else decoded from its file and cached.
    /// A missing or undecodable file gives ``PhotoLoadResult/noImage(_:)`` with the reason.
    public func image(forKey key: ImageKey) -> PhotoLoadResult {
        if var entry = cache[key] {
            useCounter += 1
            entry.lastUse = useCounter
            cache[key] = entry
            return .image(entry.bitmap)
        }
        let result = PhotoLoadResult.load(path(forKey: key), fileSystem: fileSystem, decoder: decoder)
        if case .image(let bitmap) = result { insertIntoCache(bitmap, forKey: key) }
        return result
    }

    /// Removes the file and the cache entry. Deleting a key with no image is not an error.
    public func deleteImage(forKey key: ImageKey) throws(FileSystemError) {
        removeFromCache(key)
        try fileSystem.removeItem(at: path(forKey: key))
        try fileSystem.reach(.imageStoreDeleteAfterRemove)
    }

    /// Empties the cache (the app's response to `didReceiveMemoryWarningNotification`).
    /// Files stay; the next read decodes again.
    public func didReceiveMemoryWarning() {
        cache.removeAll()
        cachedBytes = 0
    }

    /// Keys currently cached, sorted.
    public var cachedKeys: [ImageKey] { cache.keys.sorted { $0.rawValue < $1.rawValue } }

    /// Checks that the byte count matches the entries and stays within the limit.
    public func checkInvariants() {
        precondition(cachedBytes == cache.values.reduce(0) { $0 + $1.bitmap.byteCount }, "cache byte count drifted")
        precondition(cachedBytes <= cacheLimitBytes, "cache holds \(cachedBytes) bytes over its \(cacheLimitBytes) limit")
    }

    // MARK: - Cache

    private func insertIntoCache(_ bitmap: Bitmap, forKey key: ImageKey) {
        guard bitmap.byteCount <= cacheLimitBytes else { return }
        useCounter += 1
        cache[key] = CacheEntry(bitmap: bitmap, lastUse: useCounter)
        cachedBytes += bitmap.byteCount
        while cachedBytes > cacheLimitBytes, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            removeFromCache(oldest.key)
        }
    }

    private func removeFromCache(_ key: ImageKey) {
        if let entry = cache.removeValue(forKey: key) { cachedBytes -= entry.bitmap.byteCount }
    }
}
