import Foundation

/// Fallbacks built from the older requirements, for file systems written before these calls
/// existed (test doubles that wrap another one). They keep the contracts on what reaches the
/// caller but not on how: they read whole files and cannot see symbolic links or FIFOs.
/// ``POSIXFileSystem`` and ``FaultInjectingFileSystem`` implement every call themselves.
extension FileSystem {
    public func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus? {
        guard fileExists(at: path) else { return nil }
        if (try? contentsOfDirectory(at: path)) != nil {
            return FileStatus(kind: .directory, sizeBytes: 0, modificationNanoseconds: 0)
        }
        return FileStatus(kind: .regularFile, sizeBytes: try sizeOfItem(at: path), modificationNanoseconds: 0)
    }

    public func resolvedPath(of path: String) throws(FileSystemError) -> String {
        guard fileExists(at: path) else { throw .notFound(path: path) }
        return path
    }

    public func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        guard let status = try statusOfItem(at: path) else { throw .notFound(path: path) }
        guard status.kind == .regularFile else { throw .notRegularFile(path: path, kind: status.kind) }
        guard status.sizeBytes <= limitBytes else {
            throw .tooLarge(path: path, sizeBytes: status.sizeBytes, limitBytes: limitBytes)
        }
        let data = try contents(of: path)
        return RegularFileContents(data: prefixBytes.map { Data(data.prefix($0)) } ?? data, status: status)
    }

    public func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        if fileExists(at: destination) { throw .alreadyExists(path: destination) }
        try writeAtomically(try contents(of: source), to: destination)
        try removeItem(at: source)
    }
}
