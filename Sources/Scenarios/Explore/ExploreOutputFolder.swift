import Core
import Foundation

/// The `--out` folder of an exploration, written without ever replacing a file in it.
///
/// Each file explore writes (its photos, a shrunk scenario) gets the first of its names that is
/// free, or that already holds exactly the bytes it would write (an earlier exploration's, which
/// is then kept as it is): `media/explore-1.jpg`, else `media/explore-1-2.jpg`, … A new file is
/// written beside its name, then linked to it (``Core/FileSystem/moveItem(at:to:)``, which
/// refuses an existing destination), so a file that appears in the meantime is not replaced
/// either.
///
/// ```swift
/// let out = ExploreOutputFolder(path: "found", fileSystem: POSIXFileSystem())
/// let name = try out.writeNew(names: ExploreOutputFolder.names(base: "media/explore-1", extension: "jpg")) { _ in jpeg }
/// ```
struct ExploreOutputFolder {
    let path: String
    let fileSystem: FileSystem

    /// How many names one file may try before exploration gives up.
    static let maximumNames = 100

    /// `base.ext`, then `base-2.ext` up to `base-100.ext`.
    static func names(base: String, extension pathExtension: String) -> [String] {
        ["\(base).\(pathExtension)"] + (2...maximumNames).map { "\(base)-\($0).\(pathExtension)" }
    }

    /// Writes `contents(name)` under the first of `names` (relative to the folder) that is free
    /// or already holds those bytes, and returns that name.
    ///
    /// - Throws: ``ExploreError/outputNotWritten(path:reason:)`` when a write fails, or when
    ///   every name holds something else.
    func writeNew(names: [String], contents: (String) -> Data) throws(ExploreError) -> String {
        precondition(!names.isEmpty, "a file to write has at least one name")
        for name in names {
            let target = path.appendingPathComponent(name)
            let data = contents(name)
            do throws(FileSystemError) {
                switch try fileSystem.statusOfItem(at: target)?.kind {
                case nil: if try place(data, at: target) { return name }
                case .regularFile? where holds(data, at: target): return name
                default: continue
                }
            } catch {
                throw .outputNotWritten(path: target, reason: "\(error)")
            }
        }
        throw .outputNotWritten(path: path.appendingPathComponent(names[0]),
                                reason: "it and the \(names.count - 1) names after it hold other files, which explore never replaces")
    }

    /// Writes `data` beside `target`, then links it there; false (nothing left behind) when a
    /// file took the name meanwhile, or the staging name itself is taken.
    private func place(_ data: Data, at target: String) throws(FileSystemError) -> Bool {
        try fileSystem.createDirectory(at: target.deletingLastPathComponent)
        let staged = target.deletingLastPathComponent.appendingPathComponent("." + target.lastPathComponent + ".explore-staged")
        guard try fileSystem.statusOfItem(at: staged) == nil else { return false }
        try fileSystem.writeAtomically(data, to: staged)
        do throws(FileSystemError) {
            try fileSystem.moveItem(at: staged, to: target)
            return true
        } catch {
            try? fileSystem.removeItem(at: staged)
            if case .alreadyExists = error { return false }
            throw error
        }
    }

    /// Whether the regular file at `target` holds exactly `data`.
    private func holds(_ data: Data, at target: String) -> Bool {
        (try? fileSystem.contents(ofRegularFile: target, limitBytes: data.count))?.data == data
    }
}
