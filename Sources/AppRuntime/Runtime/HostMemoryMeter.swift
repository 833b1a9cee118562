import Core

/// One app process's memory as the host models it: decoded bitmaps and caches the app's Core
/// code reports, against the device's jetsam limit.
///
/// Crossing ``warningThresholdBytes`` (upwards) asks the host for a memory warning; the host
/// then checks the footprint once the warning is delivered and kills an app still over
/// ``limitBytes`` (jetsam reason `per-process-limit`).
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
        if footprintBytes > warningThresholdBytes && !isUnderPressure {
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
