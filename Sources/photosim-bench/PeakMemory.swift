import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Measures how many real bytes a piece of work adds at its peak: the growth of the process's
/// resident set high-water mark (`VmHWM`), in pages the work actually touched.
///
/// Before the work, freed heap memory is handed back to the kernel (`malloc_trim(0)`), the
/// high-water mark is reset to the current resident set (`echo 5 > /proc/self/clear_refs`) and
/// `VmRSS` is read as the baseline; after it, `VmHWM` minus the baseline is the peak extra memory.
/// This counts everything (file bytes, pixel buffers, libjpeg's working memory, encoder output),
/// not just what Core reports to its meter. The kernel updates RSS counters in batches, so
/// figures are good to about 256 KB.
enum PeakMemory {
    /// Runs `work` once and returns its peak extra resident bytes, or `nil` when the kernel does
    /// not let the process reset its high-water mark.
    static func measure(_ work: () throws -> Void) rethrows -> Int? {
        trimHeap()
        guard resetHighWaterMark(), let baseline = statusKilobytes("VmRSS") else {
            try work()
            return nil
        }
        try work()
        guard let peak = statusKilobytes("VmHWM") else { return nil }
        return max(0, peak - baseline) * 1_024
    }

    /// `malloc_trim(0)`, looked up at run time: glibc's `malloc.h` is not in Swift's Glibc module.
    private static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    private static func resetHighWaterMark() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }

    /// A `kB` field of `/proc/self/status`.
    private static func statusKilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
        }
        return nil
    }
}
