import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// New temporary folders, made one way for every part of PhotoSim (the test doubles' folders,
/// a scenario run's work folder, the benchmarks').
extension POSIXFileSystem {
    /// `$TMPDIR` in `environment`, or `/tmp` when it is unset or empty (`NSTemporaryDirectory()`
    /// would give `/` for an empty one), without trailing slashes (`/` stays `/`).
    public static func temporaryRoot(environment: [String: String]) -> String {
        let folder = environment["TMPDIR"] ?? ""
        return trimmingTrailingSlashes(folder.isEmpty ? "/tmp" : folder)
    }

    /// Makes `<parentFolder>/<prefix>XXXXXX` with `mkdtemp` (six random characters, mode 0700),
    /// so callers running at once never share one, and returns its path (never with `//`).
    ///
    /// - Precondition: `prefix` holds no `/` (a programmer error: the folder would land in
    ///   another folder than the parent).
    /// - Throws: ``FileSystemError/failed(operation:path:errno:)`` with operation `mkdtemp`, the
    ///   template path and `errno` when the folder cannot be made (the parent is missing, is a
    ///   file, is full or cannot be written).
    public static func makeTemporaryFolder(prefix: String, in parentFolder: String) throws(FileSystemError) -> String {
        precondition(!prefix.contains("/"), "a temporary folder's prefix cannot hold '/': \(prefix)")
        let template = trimmingTrailingSlashes(parentFolder).appendingPathComponent(prefix + "XXXXXX")
        var buffer = Array(template.utf8CString)
        guard buffer.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw .failed(operation: "mkdtemp", path: template, errno: errno)
        }
        return String(decoding: buffer.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `folder` without the slashes at its end; `/` stays `/`.
    static func trimmingTrailingSlashes(_ folder: String) -> String {
        var trimmed = Substring(folder)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
