import Core
import Foundation

/// The checks behind ``FileSystemContract/violations(of:in:)``, one per rule, each in its own
/// folder (`probe.folder`, already created).
extension FileSystemContract {
    /// Bytes come back as written, with their exact size: an empty file, a small one and one of
    /// 100 KB (more than one `read` or `write` call on most systems).
    static func checkWriteAndReadBack(_ probe: FileSystemProbe) {
        let large = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 31 + $0 / 256) })
        for (name, data) in [("empty", Data()), ("small", Data([1, 2, 3])), ("large", large)] {
            let path = probe.path(name)
            probe.write(data, to: path)
            probe.expectContents(of: path, data)
            probe.expectExists(path, true)
        }
    }

    /// A replace leaves exactly the new bytes (no tail of a longer old file, as an in-place
    /// write would) and nothing else in the folder (no temporary file left beside it).
    static func checkReplaceIsWhole(_ probe: FileSystemProbe) {
        let path = probe.path("file")
        for data in [Data(1...10), Data([9]), Data(20...25)] {
            probe.write(data, to: path)
            probe.expectContents(of: path, data)
        }
        probe.expectListing(of: probe.folder, ["file"])
    }

    /// A deferred write reads back whole at once and `synchronize` keeps it; a deferred write to
    /// a name already taken fails `alreadyExists`, keeps the old bytes and leaves no temporary file.
    static func checkDeferredWrites(_ probe: FileSystemProbe) {
        let first = probe.path("first"), second = probe.path("second")
        for (path, data) in [(first, Data(1...10)), (second, Data([7, 8]))] {
            probe.step("writeAtomicallyDeferred(to: \(path))") { () throws(FileSystemError) in
                try probe.fileSystem.writeAtomicallyDeferred(data, to: path)
            }
            probe.expectContents(of: path, data)
        }
        probe.expectFailure("writeAtomicallyDeferred(to: \(first)), a taken name", naming: first,
                            expected: .alreadyExists(path: first)) { () throws(FileSystemError) in
            try probe.fileSystem.writeAtomicallyDeferred(Data([9]), to: first)
        }
        probe.step("synchronize([\(first), \(second)])") { () throws(FileSystemError) in
            try probe.fileSystem.synchronize([first, second])
        }
        probe.expectContents(of: first, Data(1...10))
        probe.expectContents(of: second, Data([7, 8]))
        probe.expectListing(of: probe.folder, ["first", "second"])
    }

    /// A write that cannot finish changes nothing: over a folder it fails and the folder keeps
    /// its file; into a missing folder it is `notFound` for the file and creates nothing.
    static func checkFailedWriteKeepsOld(_ probe: FileSystemProbe) {
        let target = probe.path("target")
        probe.step("createDirectory(at: \(target))") { () throws(FileSystemError) in try probe.fileSystem.createDirectory(at: target) }
        probe.write(Data([1, 2]), to: target.appendingPathComponent("kept"))
        probe.expectFailure("writeAtomically(to: \(target)), a folder", naming: target) { () throws(FileSystemError) in
            try probe.fileSystem.writeAtomically(Data([7]), to: target)
        }
        probe.expectContents(of: target.appendingPathComponent("kept"), Data([1, 2]))
        probe.expectListing(of: probe.folder, ["target"])

        let orphan = probe.path("missing/file")
        probe.expectFailure("writeAtomically(to: \(orphan))", naming: orphan, expected: .notFound(path: orphan)) {
            () throws(FileSystemError) in try probe.fileSystem.writeAtomically(Data([7]), to: orphan)
        }
        probe.expectExists(probe.path("missing"), false)
    }

    /// Removing a file makes it missing; removing it again, or a path in a missing folder, is
    /// not an error.
    static func checkRemoveIsIdempotent(_ probe: FileSystemProbe) {
        let path = probe.path("file")
        probe.write(Data([1]), to: path)
        for (attempt, target) in [("first", path), ("second", path), ("in a missing folder", probe.path("none/file"))] {
            probe.step("removeItem(at: \(target)), \(attempt) time") { () throws(FileSystemError) in
                try probe.fileSystem.removeItem(at: target)
            }
        }
        probe.expectExists(path, false)
        probe.expectFailure("contents(of: \(path)) after removal", naming: path, expected: .notFound(path: path)) {
            () throws(FileSystemError) in _ = try probe.fileSystem.contents(of: path)
        }
    }

    /// Removing a folder removes everything in it (deleting a device removes its whole folder).
    static func checkRemoveTakesFolder(_ probe: FileSystemProbe) {
        let tree = probe.path("tree")
        probe.step("createDirectory(at: \(tree)/sub)") { () throws(FileSystemError) in
            try probe.fileSystem.createDirectory(at: tree.appendingPathComponent("sub"))
        }
        probe.write(Data([1]), to: tree.appendingPathComponent("a"))
        probe.write(Data([2]), to: tree.appendingPathComponent("sub/b"))
        probe.step("removeItem(at: \(tree))") { () throws(FileSystemError) in try probe.fileSystem.removeItem(at: tree) }
        probe.expectExists(tree, false)
        probe.expectListing(of: probe.folder, [])
    }

    /// Reading, sizing or listing what is not there is `notFound` naming the path, so callers
    /// can tell "not yet created" from a real failure.
    static func checkMissingItemsAreNotFound(_ probe: FileSystemProbe) {
        let path = probe.path("absent")
        probe.expectExists(path, false)
        probe.expectFailure("contents(of: \(path))", naming: path, expected: .notFound(path: path)) {
            () throws(FileSystemError) in _ = try probe.fileSystem.contents(of: path)
        }
        probe.expectFailure("sizeOfItem(at: \(path))", naming: path, expected: .notFound(path: path)) {
            () throws(FileSystemError) in _ = try probe.fileSystem.sizeOfItem(at: path)
        }
        probe.expectFailure("contentsOfDirectory(at: \(path))", naming: path, expected: .notFound(path: path)) {
            () throws(FileSystemError) in _ = try probe.fileSystem.contentsOfDirectory(at: path)
        }
    }

    /// `createDirectory` makes missing parents, and asking for a folder that exists (empty or
    /// not) is not an error and keeps what is in it.
    static func checkCreateDirectory(_ probe: FileSystemProbe) {
        let deep = probe.path("a/b/c")
        for attempt in ["first", "second"] {
            probe.step("createDirectory(at: \(deep)), \(attempt) time") { () throws(FileSystemError) in
                try probe.fileSystem.createDirectory(at: deep)
            }
        }
        probe.expectExists(probe.path("a"), true)
        probe.expectExists(deep, true)
        probe.expectListing(of: deep, [])
        probe.write(Data([1]), to: deep.appendingPathComponent("file"))
        probe.step("createDirectory(at: \(deep)) holding a file") { () throws(FileSystemError) in
            try probe.fileSystem.createDirectory(at: deep)
        }
        probe.expectListing(of: probe.path("a"), ["b"])
        probe.expectListing(of: deep, ["file"])
    }

    /// A listing holds names (not paths) of files and folders, sorted by `<` on `String` (byte
    /// order: upper case first, `b10` before `b2`), whatever order the disk keeps.
    static func checkListingIsSorted(_ probe: FileSystemProbe) {
        for name in ["c", "b2", "a", "b10"] { probe.write(Data(name.utf8), to: probe.path(name)) }
        probe.step("createDirectory(at: \(probe.path("B")))") { () throws(FileSystemError) in
            try probe.fileSystem.createDirectory(at: probe.path("B"))
        }
        probe.expectListing(of: probe.folder, ["B", "a", "b10", "b2", "c"])
    }

    /// A folder cannot be read as a file, nor a file listed as a folder (callers tell them apart
    /// this way); both failures name the path.
    static func checkFilesAndFoldersDiffer(_ probe: FileSystemProbe) {
        let file = probe.path("file")
        probe.write(Data([1]), to: file)
        probe.expectExists(file, true)
        probe.expectExists(probe.folder, true)
        probe.expectFailure("contents(of: \(probe.folder)), a folder", naming: probe.folder) { () throws(FileSystemError) in
            _ = try probe.fileSystem.contents(of: probe.folder)
        }
        probe.expectFailure("contentsOfDirectory(at: \(file)), a file", naming: file) { () throws(FileSystemError) in
            _ = try probe.fileSystem.contentsOfDirectory(at: file)
        }
    }
}
