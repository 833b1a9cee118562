import Core
import Foundation
import Simulator

/// The database of a new, empty media library, made once per runner and written into each
/// temporary device, so a device does not build (and sync) the library's SQLite schema once per
/// scenario.
///
/// An empty library holds nothing of a run: its database is the schema only, made without the
/// clock or the random source, so every device gets the bytes it would have made itself; its
/// own library then opens that database as a library found on disk does.
final class MediaLibraryTemplate: @unchecked Sendable {
    /// The library's files (the database, and its write-ahead log when one was left), relative
    /// to the Media folder.
    private var files: [(relativePath: String, data: Data)]?
    private let lock = NSLock()

    /// The files that make up an empty library, relative to its Media folder.
    static let databaseFiles = ["PhotoData/Photos.sqlite", "PhotoData/Photos.sqlite-wal"]

    /// Writes the empty library's database into `mediaFolder`; the template is made on first
    /// use in `scratchFolder`, which is removed again.
    func write(into mediaFolder: String, scratchFolder: String, fileSystem: FileSystem) throws {
        for file in try prepared(scratchFolder: scratchFolder, fileSystem: fileSystem) {
            let path = mediaFolder.appendingPathComponent(file.relativePath)
            try fileSystem.createDirectory(at: path.deletingLastPathComponent)
            try fileSystem.writeAtomically(file.data, to: path)
        }
    }

    private func prepared(scratchFolder: String, fileSystem: FileSystem) throws -> [(relativePath: String, data: Data)] {
        lock.lock()
        defer { lock.unlock() }
        if let files { return files }
        let made = try Self.make(in: scratchFolder, fileSystem: fileSystem)
        files = made
        return made
    }

    /// Creates a library in `folder`, closes it (SQLite folds its log into the database on the
    /// last close), reads its database files and removes the folder.
    private static func make(in folder: String, fileSystem: FileSystem) throws -> [(relativePath: String, data: Data)] {
        try fileSystem.removeItem(at: folder)
        defer { try? fileSystem.removeItem(at: folder) }
        try createAndClose(folder, fileSystem: fileSystem)
        return try databaseFiles.compactMap { (relativePath) throws -> (relativePath: String, data: Data)? in
            let path = folder.appendingPathComponent(relativePath)
            guard fileSystem.fileExists(at: path) else { return nil }
            return (relativePath, try fileSystem.contents(of: path))
        }
    }

    private static func createAndClose(_ folder: String, fileSystem: FileSystem) throws {
        _ = try MediaLibrary(mediaFolder: folder, fileSystem: fileSystem, clock: ManualClock(now: RuntimeDevice.epochDate),
                             random: SplitMix64(seed: 0))
    }
}
