import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Copying and moving that never replace what is already at the destination.
extension POSIXFileSystem {
    /// Bytes read and written at a time by ``copyItem(at:to:expected:)``.
    static let copyChunkBytes = 1 << 20

    public func copyItem(at source: String, to destination: String, expected: FileStatus) throws(FileSystemError) {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard input >= 0 else { throw .from(errno: errno, operation: "open", path: source) }
        defer { close(input) }
        let status = try Self.regularFileStatus(input, path: source)
        guard status.sizeBytes == expected.sizeBytes, status.modificationNanoseconds == expected.modificationNanoseconds else {
            throw .changedWhileReading(path: source)
        }
        let folder = destination.deletingLastPathComponent
        var template = Array(folder.appendingPathComponent(".\(destination.lastPathComponent).XXXXXX").utf8CString)
        let output = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard output >= 0 else { throw .from(errno: errno, operation: "create temporary file", path: destination) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(temporaryPath) }
        try fillAndSync(output, from: input, source: source, destination: destination, expectedBytes: expected.sizeBytes)
        // link(2) fails with EEXIST instead of replacing, unlike rename(2).
        guard link(temporaryPath, destination) == 0 else {
            if errno == EEXIST { throw .alreadyExists(path: destination) }
            throw .from(errno: errno, operation: "link", path: destination)
        }
        try syncFolder(folder)
    }

    /// Moves a file (or a symbolic link itself) with `link` then `unlink`, so an existing
    /// destination is never replaced; folders are refused (`EPERM` from `link`).
    public func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        guard link(source, destination) == 0 else {
            if errno == EEXIST { throw .alreadyExists(path: destination) }
            throw .from(errno: errno, operation: "link", path: destination)
        }
        try syncFolder(destination.deletingLastPathComponent)
        guard unlink(source) == 0 || errno == ENOENT else { throw .from(errno: errno, operation: "unlink", path: source) }
        try syncFolder(source.deletingLastPathComponent)
    }

    /// Copies `input` into `output`, checks the count, makes it 0644 and `fsync`s it; closes `output`.
    private func fillAndSync(_ output: Int32, from input: Int32, source: String, destination: String,
                             expectedBytes: Int) throws(FileSystemError) {
        defer { close(output) }
        let copied = try copyBytes(from: input, to: output, source: source, destination: destination)
        guard copied == expectedBytes else { throw .changedWhileReading(path: source) }
        guard fchmod(output, 0o644) == 0 else { throw .from(errno: errno, operation: "fchmod", path: destination) }
        guard fsync(output) == 0 else { throw .from(errno: errno, operation: "fsync", path: destination) }
    }

    /// Copies until the end of `input`; returns the bytes copied.
    private func copyBytes(from input: Int32, to output: Int32, source: String, destination: String) throws(FileSystemError) -> Int {
        guard let buffer = malloc(Self.copyChunkBytes) else { throw .failed(operation: "copy", path: source, errno: ENOMEM) }
        defer { free(buffer) }
        var total = 0
        while true {
            let got = read(input, buffer, Self.copyChunkBytes)
            if got < 0 {
                if errno == EINTR { continue }
                throw .from(errno: errno, operation: "read", path: source)
            }
            if got == 0 { return total }
            var written = 0
            while written < got {
                let count = write(output, buffer + written, got - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .from(errno: errno, operation: "write", path: destination)
                }
                written += count
            }
            total += got
        }
    }
}
