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
final class InterleavingFileSystem: FileSystemWrapper {
    let base: FileSystem
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
        runPending(after: path)
    }

    func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        try base.writeAtomically(data, to: path, beforeRename: point)
        runPending(after: path)
    }

    func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        try base.writeAtomicallyDeferred(data, to: path)
        runPending(after: path)
    }

    private func runPending(after path: String) {
        guard let (suffix, action) = pending, path.hasSuffix(suffix) else { return }
        pending = nil
        action()
    }
}
