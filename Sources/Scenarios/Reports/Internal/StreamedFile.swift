import Core
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file written piece by piece as results arrive, never held in memory: a new temporary file,
/// appended to, then either renamed over its destination once complete (after `fsync`, so the
/// report is there whole or not at all) or removed.
///
/// The report writers use two: a spool in the run's work folder for the body (its length is
/// known only at the end), then the report itself beside its destination, which gets the head
/// with the totals, the spool's bytes and the tail.
///
/// ```swift
/// let spool = try StreamedFile(in: workFolder, reportPath: "junit.xml")
/// try spool.append("<testcase …/>\n")
/// let report = try StreamedFile(in: "out", reportPath: "out/junit.xml")
/// try report.append(head); try report.append(contentsOf: spool); try report.append(tail)
/// try report.commit(to: "out/junit.xml")
/// spool.discard()
/// ```
final class StreamedFile {
    /// The temporary file's path.
    let path: String
    /// The report this file is for, named in every error.
    let reportPath: String
    private var descriptor: Int32

    /// A new empty file `.photosim-report-XXXXXX` in `folder`.
    init(in folder: String, reportPath: String) throws(ReportWriteError) {
        self.reportPath = reportPath
        var template = Array((folder.isEmpty ? "." : folder).appendingPathComponent(".photosim-report-XXXXXX").utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else { throw Self.failure(reportPath, "cannot create a file in \(folder)", errno) }
        _ = fcntl(opened, F_SETFD, FD_CLOEXEC)
        descriptor = opened
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        discard()
    }

    /// Appends `text` as UTF-8.
    func append(_ text: String) throws(ReportWriteError) {
        var bytes = Array(text.utf8)
        try write(&bytes, count: bytes.count)
    }

    /// Appends every byte `other` holds so far, 64 KiB at a time.
    func append(contentsOf other: StreamedFile) throws(ReportWriteError) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(other.descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw Self.failure(reportPath, "cannot read \(other.path)", errno) }
            if count == 0 { return }
            try write(&buffer, count: count)
            offset += off_t(count)
        }
    }

    /// Makes the file durable and an ordinary 0644 file (`mkstemp` makes it the owner's only),
    /// and renames it over `destination`; the file is then done.
    func commit(to destination: String) throws(ReportWriteError) {
        guard descriptor >= 0 else { preconditionFailure("a streamed file is committed once") }
        guard fchmod(descriptor, 0o644) == 0 else { throw Self.failure(reportPath, "cannot set the mode of \(path)", errno) }
        guard fsync(descriptor) == 0 else { throw Self.failure(reportPath, "cannot sync \(path)", errno) }
        guard rename(path, destination) == 0 else { throw Self.failure(reportPath, "cannot rename \(path) to \(destination)", errno) }
        close(descriptor)
        descriptor = -1
        let folder = open(destination.deletingLastPathComponent.isEmpty ? "." : destination.deletingLastPathComponent,
                          O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 { fsync(folder); close(folder) }
    }

    /// Closes and removes the file (nothing, once committed).
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(path)
    }

    private func write(_ bytes: inout [UInt8], count: Int) throws(ReportWriteError) {
        var written = 0
        while written < count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, count - written) }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { throw Self.failure(reportPath, "cannot write \(path)", errno) }
            written += result
        }
    }

    private static func failure(_ reportPath: String, _ what: String, _ code: Int32) -> ReportWriteError {
        ReportWriteError(path: reportPath, reason: "\(what): \(String(cString: strerror(code))) (errno \(code))")
    }
}
