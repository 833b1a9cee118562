import Core

/// One app process's memory as the host models it: decoded bitmaps and caches the app's Core
/// code reports, against the device's jetsam limit.
///
/// Crossing ``warningThresholdBytes`` (upwards) asks the host for a memory warning (memory
/// pressure); crossing ``limitBytes`` ends the app at that allocation, as iOS's jetsam ends a
/// process the moment its footprint crosses its per-process limit (reason `per-process-limit`),
/// whether or not a warning came first.
public final class HostMemoryMeter: MemoryMeter {
    /// The jetsam limit.
    public let limitBytes: Int
    /// The high-water mark that triggers a memory warning.
    public let warningThresholdBytes: Int
    public private(set) var footprintBytes = 0
    public private(set) var peakFootprintBytes = 0
    private var bytesByCategory = [Int](repeating: 0, count: MemoryCategory.allCases.count)
    /// Called when the footprint crosses the warning threshold upwards.
    var onPressure: (() -> Void)?
    /// Called once, when the footprint crosses the limit.
    var onLimitCrossed: (() -> Void)?
    private var hasCrossedLimit = false
    private var isUnderPressure = false

    init(limitBytes: Int) {
        precondition(limitBytes > 0, "a memory limit must be positive")
        self.limitBytes = limitBytes
        self.warningThresholdBytes = limitBytes / 10 * 8
    }

    /// Bytes held now in `category`.
    public func bytes(in category: MemoryCategory) -> Int {
        bytesByCategory[MemoryCategory.allCases.firstIndex(of: category)!]
    }

    public func didAllocate(bytes: Int, category: MemoryCategory) {
        bytesByCategory[MemoryCategory.allCases.firstIndex(of: category)!] += bytes
        footprintBytes += bytes
        peakFootprintBytes = max(peakFootprintBytes, footprintBytes)
        guard !hasCrossedLimit else { return }
        if footprintBytes > limitBytes {
            hasCrossedLimit = true
            onLimitCrossed?()
        } else if footprintBytes > warningThresholdBytes && !isUnderPressure {
            isUnderPressure = true
            onPressure?()
        }
    }

    public func didRelease(bytes: Int, category: MemoryCategory) {
        bytesByCategory[MemoryCategory.allCases.firstIndex(of: category)!] -= bytes
        footprintBytes -= bytes
        if footprintBytes <= warningThresholdBytes { isUnderPressure = false }
    }

    /// True when the footprint is over the jetsam limit.
    public var isOverLimit: Bool { footprintBytes > limitBytes }

    /// Lets the next crossing ask again (after a warning was handled).
    func pressureHandled() {
        isUnderPressure = footprintBytes > warningThresholdBytes
    }
}
