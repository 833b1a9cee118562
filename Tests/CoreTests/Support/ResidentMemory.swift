import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The extra resident memory a piece of work takes at its peak, from Linux's `/proc/self/status`.
///
/// Meaningful only in a process that runs nothing else at the same time, such as an exit test's
/// child: the high-water mark is the whole process's. Before the work, the mark is set back to
/// the current resident set (`echo 5 > /proc/self/clear_refs`, see proc(5)) and `VmRSS` is the
/// baseline; after it, `VmHWM` minus that baseline is the peak the work added, in pages it
/// actually touched (a buffer filled with pixels counts whole).
enum ResidentMemory {
    /// Runs `work` and returns its peak extra resident bytes; `nil` when the kernel does not let
    /// the process reset its mark.
    static func peakExtraBytes(of work: () throws -> Void) rethrows -> Int? {
        guard resetHighWaterMark(), let baseline = kilobytes("VmRSS") else {
            try work()
            return nil
        }
        try work()
        return kilobytes("VmHWM").map { max(0, $0 - baseline) * 1_024 }
    }

    /// A `kB` field of `/proc/self/status`.
    private static func kilobytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        }
        return nil
    }

    private static func resetHighWaterMark() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }
}
