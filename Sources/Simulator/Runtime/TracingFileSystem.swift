import Core
import Foundation

/// A file system that writes every change an app makes to the trace, with paths relative to the
/// app's container (so traces do not depend on where the container lives).
///
///     file written Documents/Photo-1.jpg (48211 bytes)
///     file removed Documents/Photo-1.jpg
///     file moved Documents/a -> Documents/b
final class TracingFileSystem: FileSystem {
    private let base: FileSystem
    private let rootPath: String
    private let trace: Trace

    init(base: FileSystem, rootPath: String, trace: Trace) {
        self.base = base
        self.rootPath = rootPath
        self.trace = trace
    }

    func contents(of path: String) throws(FileSystemError) -> Data { try base.contents(of: path) }

    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        do {
            try base.writeAtomically(data, to: path)
        } catch {
            recordNotWritten(path, error)
            throw error
        }
        trace.record("file written \(relative(path)) (\(data.count) bytes)")
    }

    func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        do {
            try base.writeAtomically(data, to: path, beforeRename: point)
        } catch {
            recordNotWritten(path, error)
            throw error
        }
        trace.record("file written \(relative(path)) (\(data.count) bytes)")
    }

    func reach(_ point: CrashPoint) throws(FileSystemError) { try base.reach(point) }
    var sqliteVFSName: String? { base.sqliteVFSName }
    var durability: POSIXFileSystem.Durability { base.durability }

    func removeItem(at path: String) throws(FileSystemError) {
        let existed = base.fileExists(at: path)
        try base.removeItem(at: path)
        if existed { trace.record("file removed \(relative(path))") }
    }

    func fileExists(at path: String) -> Bool { base.fileExists(at: path) }
    func createDirectory(at path: String) throws(FileSystemError) { try base.createDirectory(at: path) }
    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] { try base.contentsOfDirectory(at: path) }
    func sizeOfItem(at path: String) throws(FileSystemError) -> Int { try base.sizeOfItem(at: path) }
    func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus? { try base.statusOfItem(at: path) }
    func resolvedPath(of path: String) throws(FileSystemError) -> String { try base.resolvedPath(of: path) }
    func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try base.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
    }

    func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try base.moveItem(at: source, to: destination)
        trace.record("file moved \(relative(source)) -> \(relative(destination))")
    }

    /// A failed write, unless the fault layer stopped the process (its kill is the trace's last word).
    private func recordNotWritten(_ path: String, _ error: FileSystemError) {
        if case .simulatedCrash = error { return }
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        // The error names the absolute path; the trace keeps it relative so runs in different
        // folders (or processes) give the same bytes.
        trace.record("file not written \(relative(path)): " + "\(error)".replacingOccurrences(of: prefix, with: ""))
    }

    private func relative(_ path: String) -> String {
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
