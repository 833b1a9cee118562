import Core
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wall time of a piece of work on the monotonic clock (not moved by changes to the system time).
enum Stopwatch {
    /// Runs `work` once and returns how long it took, in seconds.
    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Runs `work` once and returns how long it took, in milliseconds.
    static func milliseconds(_ work: () throws -> Void) rethrows -> Double {
        try seconds(work) * 1e3
    }
}

/// The middle value of `values` (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    precondition(!values.isEmpty, "median of no values")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

extension Double {
    /// The value rounded to `places` decimal places, for figures printed as JSON numbers.
    func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}

/// Runs `body` with a new empty folder under the temporary directory (made by `mkdtemp`, named
/// `photosim-bench-NAME.XXXXXX`) and removes the folder and all in it afterwards, also on error.
func withTemporaryFolder<Result>(for name: String, _ body: (String) throws -> Result) throws -> Result {
    let folder = try POSIXFileSystem.makeTemporaryFolder(
        prefix: "photosim-bench-\(name).", in: POSIXFileSystem.temporaryRoot(environment: ProcessInfo.processInfo.environment))
    let fileSystem = POSIXFileSystem()
    defer { try? fileSystem.removeItem(at: folder) }
    return try body(folder)
}

/// The CPU time this process has used, user and system, on every thread (`getrusage`).
enum ProcessCPU {
    /// Seconds of CPU so far.
    static func seconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let seconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
        let microseconds = usage.ru_utime.tv_usec + usage.ru_stime.tv_usec
        return Double(seconds) + Double(microseconds) * 1e-6
    }
}
