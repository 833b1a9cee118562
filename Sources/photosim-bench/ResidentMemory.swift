import Core
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's memory figures from `/proc/self/status`, read through Core's file system.
enum ProcessStatus {
    /// A `kB` field of `/proc/self/status` (`VmRSS`, `VmHWM`), in bytes.
    static func bytes(_ field: String) throws -> Int {
        let path = "/proc/self/status"
        let status = String(decoding: try POSIXFileSystem().contents(of: path), as: UTF8.self)
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            let value = line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first
            if let kilobytes = value.flatMap({ Int($0) }) { return kilobytes * 1_024 }
        }
        throw FileSystemError.failed(operation: "read \(field)", path: path, errno: ENOENT)
    }

    /// The resident set size now (`VmRSS`), in bytes.
    static func residentBytes() throws -> Int {
        try bytes("VmRSS")
    }
}

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
        guard resetHighWaterMark(), let baseline = try? ProcessStatus.residentBytes() else {
            try work()
            return nil
        }
        try work()
        guard let peak = try? ProcessStatus.bytes("VmHWM") else { return nil }
        return max(0, peak - baseline)
    }

    /// Runs `work` once and returns the process's peak resident bytes during it: `VmHWM` after
    /// resetting it to `VmRSS` (or the peak since the start when the kernel refuses the reset).
    static func highWaterMark(_ work: () throws -> Void) throws -> Int {
        trimHeap()
        _ = resetHighWaterMark()
        try work()
        return try ProcessStatus.bytes("VmHWM")
    }

    /// `malloc_trim(0)`, looked up at run time: glibc's `malloc.h` is not in Swift's Glibc module.
    private static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// Sets `VmHWM` back to the current `VmRSS`; false when the kernel does not allow it.
    private static func resetHighWaterMark() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }
}
