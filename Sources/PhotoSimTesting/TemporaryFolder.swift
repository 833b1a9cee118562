#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation

/// A new empty folder under the temporary directory, removed with everything in it when the
/// value is released.
///
/// The folder is made by `mkdtemp` as `<parent>/<prefix>XXXXXX` (six random characters), so
/// tests running at once never share one. The parent is `$TMPDIR` (`/tmp` when it is unset or
/// empty), read when the folder is made, or the folder passed as `parentFolder`; trailing slashes on it are dropped, so
/// ``path`` never holds `//`. When `mkdtemp` fails, the initializer throws
/// ``FileSystemError/failed(operation:path:errno:)`` naming the template path (parent included)
/// and the `errno`. Removal is `POSIXFileSystem(durability: .scratch).removeItem(at:)`: the
/// folder's contents go without an `fsync` per file, which on a device set of a hundred files
/// took longer than the test itself; a removal that fails is ignored, as nothing of a test
/// depends on it.
///
/// ```swift
/// import Core
/// import PhotoSimTesting
///
/// let folder = try TemporaryFolder(prefix: "MyStoreTests.")   // $TMPDIR/MyStoreTests.a1B2c3
/// let store = try LocationStore.open(containerPath: folder.path, fileSystem: POSIXFileSystem(),
///                                    random: SplitMix64(seed: 1))
/// let photo = folder.appending("Documents/Photo-1.jpg")
/// // When `folder` is released, the folder and all in it are gone.
/// ```
public final class TemporaryFolder: Sendable {
    /// The folder's absolute (or, under a relative parent, relative) path, without a trailing slash.
    public let path: String

    /// Makes `<parentFolder>/<prefix>XXXXXX`.
    ///
    /// - Precondition: `prefix` holds no `/` (a programmer error: the folder would land in another
    ///   folder than the parent).
    /// - Throws: ``FileSystemError/failed(operation:path:errno:)`` with operation `mkdtemp`, the
    ///   template path and `errno` when the folder cannot be made (the parent is missing, is a
    ///   file, is full or cannot be written).
    public init(prefix: String, in parentFolder: String = TemporaryFolder.systemTemporaryFolder) throws(FileSystemError) {
        path = try POSIXFileSystem.makeTemporaryFolder(prefix: prefix, in: parentFolder)
    }

    deinit {
        try? POSIXFileSystem(durability: .scratch).removeItem(at: path)
    }

    /// A path inside the folder (`component` may hold several components, as `"a/b.jpg"`).
    public func appending(_ component: String) -> String {
        path.appendingPathComponent(component)
    }

    /// `$TMPDIR` as it is at this call, or `/tmp` when it is unset or empty (as `simctl run`
    /// chooses its work folder: ``Core/POSIXFileSystem/temporaryRoot(environment:)``).
    public static var systemTemporaryFolder: String {
        POSIXFileSystem.temporaryRoot(environment: ProcessInfo.processInfo.environment)
    }
}
