import Core
import Foundation
import World

/// A file system that writes every change an app makes to the trace, with paths relative to the
/// app's container (so traces do not depend on where the container lives).
///
///     file written Documents/Photo-1.jpg (48211 bytes)
///     file removed Documents/Photo-1.jpg
///     file moved Documents/a -> Documents/b
final class TracingFileSystem: FileSystemWrapper {
    let base: FileSystem
    private let rootPath: String
    private let paths: RelativePaths
    private let trace: Trace

    init(base: FileSystem, rootPath: String, trace: Trace) {
        self.base = base
        self.rootPath = rootPath
        self.paths = RelativePaths(root: rootPath, resolvedRoot: try? base.resolvedPath(of: rootPath))
        self.trace = trace
    }

    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        do {
            try base.writeAtomically(data, to: path)
        } catch {
            recordNotWritten(path, error)
            throw error
        }
        trace.record(.fileWritten(path: relative(path), byteCount: data.count))
    }

    func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        do {
            try base.writeAtomically(data, to: path, beforeRename: point)
        } catch {
            recordNotWritten(path, error)
            throw error
        }
        trace.record(.fileWritten(path: relative(path), byteCount: data.count))
    }

    func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        do {
            try base.writeAtomicallyDeferred(data, to: path)
        } catch {
            recordNotWritten(path, error)
            throw error
        }
        trace.record(.fileWritten(path: relative(path), byteCount: data.count))
    }

    func removeItem(at path: String) throws(FileSystemError) {
        let existed = base.fileExists(at: path)
        try base.removeItem(at: path)
        if existed { trace.record(.fileRemoved(path: relative(path))) }
    }

    func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try base.moveItem(at: source, to: destination)
        trace.record(.fileMoved(from: relative(source), to: relative(destination)))
    }

    /// A failed write, unless the fault layer stopped the process (its kill is the trace's last word).
    private func recordNotWritten(_ path: String, _ error: FileSystemError) {
        if case .simulatedCrash = error { return }
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        // The error names the absolute path; the trace keeps it relative so runs in different
        // folders (or processes) give the same bytes.
        trace.record(.fileNotWritten(path: relative(path), reason: "\(error)".replacingOccurrences(of: prefix, with: "")))
    }

    private func relative(_ path: String) -> String {
        paths.relative(path)
    }
}
