import Core
import Foundation

/// The real file system, running a test's action once, right after a chosen write reached the
/// disk: another connection acting at exactly that moment, deterministically and on one thread.
///
/// ```swift
/// let disk = InterleavingFileSystem()
/// disk.afterWrite(toPathEndingWith: "/Photo-1.jpg") { otherApp.doSomething() }
/// try photos.add(details, pickedPhoto: picture)   // the action runs between file and commit
/// ```
final class InterleavingFileSystem: FileSystem {
    private let base: FileSystem
    private var pending: (suffix: String, action: () -> Void)?

    init(wrapping base: FileSystem = POSIXFileSystem()) {
        self.base = base
    }

    /// Runs `action` once, after the next write to a path ending with `suffix` has completed.
    func afterWrite(toPathEndingWith suffix: String, run action: @escaping () -> Void) {
        pending = (suffix, action)
    }

    /// True while an action waits for its write.
    var isWaiting: Bool { pending != nil }

    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try base.writeAtomically(data, to: path)
        guard let (suffix, action) = pending, path.hasSuffix(suffix) else { return }
        pending = nil
        action()
    }

    func contents(of path: String) throws(FileSystemError) -> Data { try base.contents(of: path) }
    func removeItem(at path: String) throws(FileSystemError) { try base.removeItem(at: path) }
    func fileExists(at path: String) -> Bool { base.fileExists(at: path) }
    func createDirectory(at path: String) throws(FileSystemError) { try base.createDirectory(at: path) }
    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] { try base.contentsOfDirectory(at: path) }
    func sizeOfItem(at path: String) throws(FileSystemError) -> Int { try base.sizeOfItem(at: path) }
    func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus? { try base.statusOfItem(at: path) }
    func resolvedPath(of path: String) throws(FileSystemError) -> String { try base.resolvedPath(of: path) }
    func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try base.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
    }
    func moveItem(at source: String, to destination: String) throws(FileSystemError) { try base.moveItem(at: source, to: destination) }
}
