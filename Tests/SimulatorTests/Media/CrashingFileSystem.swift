import Core
import Foundation

/// A file system that works until a chosen write or removal, then acts like a killed process:
/// that call and every later one fail without touching the disk.
///
/// What was written before the crash stays on disk, as it would after `kill -9`, so a library
/// opened afterwards on a healthy file system sees exactly what a crashed call leaves.
final class CrashingFileSystem: FileSystem {
    private let base: FileSystem
    private var writesLeft: Int
    private var removalsLeft: Int
    /// True once the crash point has been reached.
    private(set) var hasCrashed = false

    /// - Parameters:
    ///   - writes: atomic writes that succeed before the crash (`Int.max`: never crash on a write).
    ///   - removals: removals that succeed before the crash.
    init(base: FileSystem, crashAfterWrites writes: Int = .max, crashAfterRemovals removals: Int = .max) {
        self.base = base
        self.writesLeft = writes
        self.removalsLeft = removals
    }

    func contents(of path: String) throws(FileSystemError) -> Data {
        try checkAlive(path)
        return try base.contents(of: path)
    }

    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try checkAlive(path)
        if writesLeft == 0 { try crash(path) }
        writesLeft -= 1
        try base.writeAtomically(data, to: path)
    }

    func removeItem(at path: String) throws(FileSystemError) {
        try checkAlive(path)
        if removalsLeft == 0 { try crash(path) }
        removalsLeft -= 1
        try base.removeItem(at: path)
    }

    func fileExists(at path: String) -> Bool {
        base.fileExists(at: path)
    }

    func createDirectory(at path: String) throws(FileSystemError) {
        try checkAlive(path)
        try base.createDirectory(at: path)
    }

    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try checkAlive(path)
        return try base.contentsOfDirectory(at: path)
    }

    func sizeOfItem(at path: String) throws(FileSystemError) -> Int {
        try checkAlive(path)
        return try base.sizeOfItem(at: path)
    }

    private func checkAlive(_ path: String) throws(FileSystemError) {
        if hasCrashed { throw .failed(operation: "simulated crash", path: path, errno: EIO) }
    }

    private func crash(_ path: String) throws(FileSystemError) {
        hasCrashed = true
        throw .failed(operation: "simulated crash", path: path, errno: EIO)
    }
}
