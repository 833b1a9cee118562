import Core
import Foundation

/// A file system that wraps another one and fails or "crashes" at the calls it is told to.
///
/// It counts every call it forwards, so it doubles as a spy ("the photo file was not written
/// again"), and it can turn the Nth matching write, remove, read or folder creation into a
/// disk-full error, an I/O error or a crash. A crash throws
/// ``FileSystemError/simulatedCrash(operation:path:)`` and refuses every later call, the way a
/// killed process does nothing more; the test or simulator then "restarts" by building fresh
/// objects on the wrapped file system, which holds exactly what reached the disk.
///
/// ```swift
/// import Core
/// import PhotoSimTesting
///
/// let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
/// disk.inject(.noSpace, on: .write, occurrence: 1, pathContaining: "Documents/")
/// // The first write into Documents now fails with FileSystemError.noSpace.
///
/// let dying = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
/// dying.crash(afterWrites: 2)
/// // Two writes reach the disk; the third and every later call throw .simulatedCrash.
///
/// let killed = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
/// killed.crash(at: .photosSaveAfterFileWrite)
/// // Core's save stops at that named moment (see CrashPoint.all).
/// ```
public final class FaultInjectingFileSystem: FileSystem {
    /// The kinds of call a fault can be attached to.
    public enum Operation: String, Sendable, CaseIterable {
        /// `contents(of:)` and `contents(ofRegularFile:limitBytes:prefixBytes:)`.
        case read
        case write
        case remove
        case createDirectory
        /// `moveItem` (the source's path).
        case move
        /// `synchronize`, once for each path it is given.
        case synchronize
    }

    /// What happens at a faulty call.
    public enum Fault: Sendable, Equatable {
        /// Throws ``FileSystemError/noSpace(path:)``; nothing changes on disk.
        case noSpace
        /// Throws ``FileSystemError/failed(operation:path:errno:)`` with `EIO`; nothing changes.
        case ioError
        /// Crashes before the call reaches the disk: nothing of it is durable.
        case crashBefore
        /// Crashes after the call completed on disk, before the caller hears of it.
        case crashAfter
    }

    /// One forwarded (or refused) call, in the order they were made.
    public struct Call: Equatable, Sendable {
        public let operation: Operation
        public let path: String

        public init(operation: Operation, path: String) {
            self.operation = operation
            self.path = path
        }
    }

    private struct Rule {
        let operation: Operation
        let occurrence: Int
        let pathFragment: String?
        let fault: Fault
        var matchesSeen = 0
    }

    private let base: FileSystem
    private var rules: [Rule] = []
    private var crashPoints: Set<CrashPoint> = []
    /// The crash points Core reached through this file system, in order.
    public private(set) var reachedCrashPoints: [CrashPoint] = []
    /// Every read, write, remove, move and folder creation asked for, faulty ones included.
    public private(set) var calls: [Call] = []
    /// True once a crash fault fired; every later call is refused.
    public private(set) var hasCrashed = false

    /// Forwards every call to `base` until a fault is injected.
    public init(wrapping base: FileSystem) {
        self.base = base
    }

    /// Makes the `occurrence`-th call of `operation` (counting from 1, from now on, among calls
    /// whose path contains `pathFragment` when one is given) fail with `fault`.
    public func inject(_ fault: Fault, on operation: Operation, occurrence: Int, pathContaining pathFragment: String? = nil) {
        precondition(occurrence >= 1, "occurrences count from 1, got \(occurrence)")
        rules.append(Rule(operation: operation, occurrence: occurrence, pathFragment: pathFragment, fault: fault))
    }

    /// Lets `writes` writes and `removals` removals through (counting from now), then crashes
    /// before the next one reaches the disk, like `kill -9` between two calls.
    ///
    /// `crash(afterWrites: n)` is `inject(.crashBefore, on: .write, occurrence: n + 1)`; with both
    /// counts, whichever limit is passed first crashes. `nil` puts no limit on that operation.
    public func crash(afterWrites writes: Int? = nil, afterRemovals removals: Int? = nil) {
        precondition(writes != nil || removals != nil, "give a number of writes, of removals, or both")
        if let writes { injectCrash(on: .write, after: writes) }
        if let removals { injectCrash(on: .remove, after: removals) }
    }

    /// Crashes the next time Core reaches `point` (``CrashPoint``): a point before a rename leaves
    /// the temporary file (`.<name>.Crash0`) on disk with the new bytes, as a crash there would.
    public func crash(at point: CrashPoint) {
        crashPoints.insert(point)
    }

    /// How many calls of `operation` were asked for, optionally only those whose path contains
    /// `pathFragment`.
    public func count(of operation: Operation, pathContaining pathFragment: String? = nil) -> Int {
        calls.filter { $0.operation == operation && (pathFragment.map($0.path.contains) ?? true) }.count
    }

    // MARK: - FileSystem

    public func contents(of path: String) throws(FileSystemError) -> Data {
        try perform(.read, path) { () throws(FileSystemError) in try base.contents(of: path) }
    }

    public func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try perform(.write, path) { () throws(FileSystemError) in try base.writeAtomically(data, to: path) }
    }

    /// A `write`, as for ``writeAtomically(_:to:)``.
    public func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        try perform(.write, path) { () throws(FileSystemError) in try base.writeAtomicallyDeferred(data, to: path) }
    }

    /// One `synchronize` call per path, in order, so a fault can stop it part-way.
    public func synchronize(_ paths: [String]) throws(FileSystemError) {
        for path in paths {
            try perform(.synchronize, path) { () throws(FileSystemError) in try base.synchronize([path]) }
        }
    }

    public func removeItem(at path: String) throws(FileSystemError) {
        try perform(.remove, path) { () throws(FileSystemError) in try base.removeItem(at: path) }
    }

    public func createDirectory(at path: String) throws(FileSystemError) {
        try perform(.createDirectory, path) { () throws(FileSystemError) in try base.createDirectory(at: path) }
    }

    /// After a crash a dead process sees nothing, so this answers `false`.
    public func fileExists(at path: String) -> Bool {
        hasCrashed ? false : base.fileExists(at: path)
    }

    public func contentsOfDirectory(at path: String) throws(FileSystemError) -> [String] {
        try refuseAfterCrash("list", path)
        return try base.contentsOfDirectory(at: path)
    }

    public func sizeOfItem(at path: String) throws(FileSystemError) -> Int {
        try refuseAfterCrash("stat", path)
        return try base.sizeOfItem(at: path)
    }

    public func statusOfItem(at path: String) throws(FileSystemError) -> FileStatus? {
        try refuseAfterCrash("lstat", path)
        return try base.statusOfItem(at: path)
    }

    public func resolvedPath(of path: String) throws(FileSystemError) -> String {
        try refuseAfterCrash("realpath", path)
        return try base.resolvedPath(of: path)
    }

    public func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try perform(.read, path) { () throws(FileSystemError) in
            try base.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
        }
    }

    public func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try perform(.move, source) { () throws(FileSystemError) in try base.moveItem(at: source, to: destination) }
    }

    public func reach(_ point: CrashPoint) throws(FileSystemError) {
        try refuseAfterCrash("crash point", point.name)
        reachedCrashPoints.append(point)
        guard crashPoints.remove(point) != nil else { return }
        hasCrashed = true
        throw .simulatedCrash(operation: "crash point", path: point.name)
    }

    public func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        if !hasCrashed, crashPoints.contains(point) {
            let temporary = path.deletingLastPathComponent.appendingPathComponent(".\(path.lastPathComponent).Crash0")
            try base.writeAtomically(data, to: temporary)
        }
        try reach(point)
        try writeAtomically(data, to: path)
    }

    // MARK: - Faults

    private func injectCrash(on operation: Operation, after count: Int) {
        precondition(count >= 0 && count < Int.max, "a crash comes after 0 or more calls, got \(count)")
        inject(.crashBefore, on: operation, occurrence: count + 1)
    }

    private func perform<Result>(_ operation: Operation, _ path: String,
                                 _ body: () throws(FileSystemError) -> Result) throws(FileSystemError) -> Result {
        try refuseAfterCrash(operation.rawValue, path)
        calls.append(Call(operation: operation, path: path))
        guard let fault = nextFault(for: operation, path: path) else { return try body() }
        switch fault {
        case .noSpace:
            throw .noSpace(path: path)
        case .ioError:
            throw .failed(operation: operation.rawValue, path: path, errno: EIO)
        case .crashBefore:
            hasCrashed = true
            throw .simulatedCrash(operation: operation.rawValue, path: path)
        case .crashAfter:
            _ = try body()
            hasCrashed = true
            throw .simulatedCrash(operation: operation.rawValue, path: path)
        }
    }

    /// Advances every rule that matches this call and returns the first one that fires.
    private func nextFault(for operation: Operation, path: String) -> Fault? {
        var fired: Fault?
        for index in rules.indices where rules[index].operation == operation {
            if let fragment = rules[index].pathFragment, !path.contains(fragment) { continue }
            rules[index].matchesSeen += 1
            if rules[index].matchesSeen == rules[index].occurrence && fired == nil {
                fired = rules[index].fault
            }
        }
        return fired
    }

    private func refuseAfterCrash(_ operation: String, _ path: String) throws(FileSystemError) {
        if hasCrashed { throw .simulatedCrash(operation: operation, path: path) }
    }
}
