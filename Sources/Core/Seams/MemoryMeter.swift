/// What a counted allocation is for.
public enum MemoryCategory: String, Sendable, CaseIterable {
    /// Pixels of a decoded image (full size or thumbnail).
    case decodedBitmap
    /// Bytes an in-memory cache holds on to.
    case imageCache
}

/// Where Core reports the large allocations a device's memory limit cares about.
///
/// Core reports; it never decides. The simulator's memory model compares the totals with the
/// device type's limit, sends memory warnings and kills an app that stays over it.
public protocol MemoryMeter: AnyObject {
    func didAllocate(bytes: Int, category: MemoryCategory)
    func didRelease(bytes: Int, category: MemoryCategory)
}

/// A meter that keeps running totals and the peak. Enough for the live app and for tests.
public final class MemoryLedger: MemoryMeter {
    public private(set) var currentBytes: [MemoryCategory: Int] = [:]
    public private(set) var peakTotalBytes = 0

    public init() {}

    /// Bytes held now, over all categories.
    public var totalBytes: Int { currentBytes.values.reduce(0, +) }

    public func didAllocate(bytes: Int, category: MemoryCategory) {
        currentBytes[category, default: 0] += bytes
        peakTotalBytes = max(peakTotalBytes, totalBytes)
    }

    public func didRelease(bytes: Int, category: MemoryCategory) {
        let remaining = currentBytes[category, default: 0] - bytes
        precondition(remaining >= 0, "released more \(category) bytes than were allocated")
        currentBytes[category] = remaining
    }
}
