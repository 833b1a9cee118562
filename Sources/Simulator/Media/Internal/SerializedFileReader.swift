import Core
import Foundation

/// Reads source files for the import check's workers one at a time.
///
/// A ``Core/FileSystem`` is used from one thread at a time (a fault injector counts its calls),
/// so workers take turns for the read and decode in parallel. Reading a photo from the page
/// cache takes a fraction of its decode, so the turns cost little.
final class SerializedFileReader: @unchecked Sendable {
    private let fileSystem: FileSystem
    private let lock = NSLock()

    init(fileSystem: FileSystem) {
        self.fileSystem = fileSystem
    }

    /// ``Core/FileSystem/contents(ofRegularFile:limitBytes:prefixBytes:)``, its error naming the source.
    func read(_ path: String, limitBytes: Int, prefixBytes: Int?) throws(MediaLibraryError) -> RegularFileContents {
        lock.lock()
        defer { lock.unlock() }
        do throws(FileSystemError) {
            return try fileSystem.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
        } catch {
            throw MediaLibraryError.unreadableSource(path, error)
        }
    }
}
