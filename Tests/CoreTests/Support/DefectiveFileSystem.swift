import Core
import Foundation
import Testing

/// The real file system with one deliberate defect, to show that ``FileSystemContract`` notices.
final class DefectiveFileSystem: FileSystem {
    /// The rule a ``DefectiveFileSystem`` breaks.
    enum Defect: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// Lists names in reverse order.
        case unsortedListing
        /// Removing what is not there throws `notFound`.
        case removingMissingFails
        /// Removing a folder that still holds something fails (`ENOTEMPTY`), like `rmdir`.
        case removingFoldersOnlyWhenEmpty
        /// Writes the new bytes over the old ones without truncating, like `open` without `O_TRUNC`.
        case writesInPlace
        /// Leaves a `.<name>.tmp` copy beside every file it writes.
        case leavesTemporaryFiles
        /// Creating a folder that exists throws (`EEXIST`), like a bare `mkdir`.
        case creatingExistingFolderFails
        /// Every error loses its path and `errno`.
        case errorsWithoutPath
        /// Listing a file gives no names instead of failing.
        case listingFilesAsEmpty
        /// `statusOfItem` follows a final symbolic link (`stat` instead of `lstat`).
        case statusFollowsLinks
        /// Bounded reads return the whole file whatever prefix was asked for.
        case prefixIgnored
        /// `moveItem` replaces an existing destination, like `rename`.
        case moveReplaces
        /// `writeAtomicallyDeferred` renames over a file already at the path.
        case deferredWriteReplaces

        var testDescription: String { rawValue }
    }

    private let base = POSIXFileSystem()
    private let defect: Defect

    init(_ defect: Defect) {
        self.defect = defect
    }

    func contents(of path: String) throws(FileSystemError) -> Data {
        try withDefectiveErrors { () throws(FileSystemError) in try base.contents(of: path) }
    }

    func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try withDefectiveErrors { () throws(FileSystemError) in
            switch defect {
            case .writesInPlace:
                let old = (try? base.contents(of: path)) ?? Data()
                try base.writeAtomically(data + old.dropFirst(data.count), to: path)
            case .leavesTemporaryFiles:
                try base.writeAtomically(data, to: path)
                let temporaryPath = path.deletingLastPathComponent.appendingPathComponent(".\(path.lastPathComponent).tmp")
                try base.writeAtomically(data, to: temporaryPath)
            default:
                try base.writeAtomically(data, to: path)
            }
        }
    }

    func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        try withDefectiveErrors { () throws(FileSystemError) in
            if defect != .deferredWriteReplaces, try base.statusOfItem(at: path) != nil { throw .alreadyExists(path: path) }
            try writeAtomically(data, to: path)
        }
    }

    func removeItem(at path: String) throws(FileSystemError) {
        try withDefectiveErrors { () throws(FileSystemError) in
            if defect == .removingMissingFails && !base.fileExists(at: path) { throw .notFound(path: path) }
            if defect == .removingFoldersOnlyWhenEmpty, let names = try? base.contentsOfDirectory(at: path), !names.isEmpty {
                throw .failed(operation: "rmdir", path: path, errno: ENOTEMPTY)
            }
            try base.removeItem(at: path)
        }
    }

    func fileExists(at path: String) -> Bool {
        base.fileExists(at: path)
    }

    func setExecutable(_ executable: Bool, at path: String) throws(FileSystemError) {
        try withDefectiveErrors { () throws(FileSystemError) in try base.setExecutable(executable, at: path) }
    }

    func createDirectory(at path: String) throws(FileSystemError) {
        try withDefectiveErrors { () throws(FileSystemError) in
            if defect == .creatingExistingFolderFails && base.fileExists(at: path) {
                throw .failed(operation: "mkdir", path: path, errno: EEXIST)
            }
            try base.createDirectory(at: path)
        }
    }

    func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try withDefectiveErrors { () throws(FileSystemError) in
            if defect == .listingFilesAsEmpty, (try? base.contents(of: path)) != nil { return [] }
            let names = try base.contentsOfDirectory(at: path)
            return defect == .unsortedListing ? names.reversed() : names
        }
    }

    func sizeOfItem(at path: String) throws(FileSystemError) -> Int {
        try withDefectiveErrors { () throws(FileSystemError) in try base.sizeOfItem(at: path) }
    }

    func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus? {
        try withDefectiveErrors { () throws(FileSystemError) in
            guard defect == .statusFollowsLinks, let status = try base.statusOfItem(at: path), status.kind == .symbolicLink else {
                return try base.statusOfItem(at: path)
            }
            let target = try? base.resolvedPath(of: path)
            return try target.flatMap { (target) throws(FileSystemError) in try base.statusOfItem(at: target) }
        }
    }

    func resolvedPath(of path: String) throws(FileSystemError) -> String {
        try withDefectiveErrors { () throws(FileSystemError) in try base.resolvedPath(of: path) }
    }

    func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try withDefectiveErrors { () throws(FileSystemError) in
            try base.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: defect == .prefixIgnored ? nil : prefixBytes)
        }
    }

    func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try withDefectiveErrors { () throws(FileSystemError) in
            if defect == .moveReplaces, base.fileExists(at: source) { try base.removeItem(at: destination) }
            try base.moveItem(at: source, to: destination)
        }
    }

    /// Runs `body`, stripping its error of path and `errno` when that is the defect.
    private func withDefectiveErrors<Value>(_ body: () throws(FileSystemError) -> Value) throws(FileSystemError) -> Value {
        do {
            return try body()
        } catch {
            guard defect == .errorsWithoutPath else { throw error }
            throw .failed(operation: "file system", path: "", errno: 0)
        }
    }
}
