import Core
import Foundation

/// The app's decoded-image memory, which dominates a photo app's footprint: every `UIImage`
/// decoded from data or a file counts its pixels from the decode until it is freed. The system
/// side of the process watches it as iOS watches a footprint (IOS-FACTS §4, Memory): crossing
/// 80 % of the device's limit upwards is memory pressure, and the app gets a memory warning on
/// its main queue; crossing the limit itself ends the process at that moment, as jetsam does
/// (`per-process-limit`, SIGKILL: no callback runs). The process's whole footprint is measured
/// by the simulator from `/proc` as well (docs/uikit.md, "Memory").
final class ImageMemory: MemoryMeter {
    nonisolated(unsafe) static let shared = ImageMemory()

    /// The jetsam limit, from the launch; nil: none.
    var limitBytes: Int?
    private(set) var bytes = 0
    private var isUnderPressure = false

    /// An allocation that ends over the limit ends the process there, before any warning it
    /// passed on its way could run (iOS enforces the limit the moment it is crossed; the
    /// pressure notification is asynchronous); one that ends past the high-water mark only queues
    /// the warning.
    func didAllocate(bytes count: Int, category: MemoryCategory) {
        bytes += count
        guard let limitBytes else { return }
        if bytes > limitBytes {
            AppProcessLoop.jetsam("jetsam per-process-limit: decoded images of \(bytes) bytes over the limit of \(limitBytes)")
        }
        if bytes > limitBytes / 10 * 8, !isUnderPressure {
            isUnderPressure = true
            let reason = "footprint over the high-water mark"
            AppProcessLoop.record("memory pressure: a memory warning (\(reason)) is queued")
            DispatchQueue.main.async { UIApplication.shared.receiveMemoryWarning(reason: reason) }
        }
    }

    func didRelease(bytes count: Int, category: MemoryCategory) {
        bytes -= count
        if let limitBytes, bytes <= limitBytes / 10 * 8 { isUnderPressure = false }
    }
}
