import Core
import Foundation

/// A file system that wraps another one and fails or "crashes" at the calls it is told to, in
/// the simulator's own vocabulary of faults (``Core/FaultRule``, ``Core/FaultKind``,
/// ``Core/FaultOperation``), so a rule written for a Core test means what it means in a scenario.
///
/// It counts every call it forwards, so it doubles as a spy ("the photo file was not written
/// again"), and it can turn the Nth matching write, sync, remove, rename, read or folder creation
/// into a fault (disk full, an I/O error, a short write, a failed `fsync`) or a crash. A crash
/// throws ``Core/FileSystemError/simulatedCrash(operation:path:)`` and refuses every later call,
/// the way a killed process does nothing more; the test then "restarts" by building fresh
/// objects on the wrapped file system, which holds exactly what reached the disk.
///
/// Operations are counted as the simulator counts them: an atomic write is a `write`, then a
/// `sync` (its `fsync`); a deferred write a `write` (its `sync` comes with `synchronize`, once
/// per path); a move a `rename` of its source; both reads a `read`. Patterns are `fnmatch(3)`
/// patterns on the path relative to `root` (the whole path when there is none).
///
/// ```swift
/// import Core
/// import PhotoSimTesting
///
/// let disk = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
/// disk.inject(FaultRule(kind: .diskFull, operation: .write, pathPattern: "*/Documents/*"))
/// // The first write into a Documents folder now fails with FileSystemError.noSpace.
///
/// let dying = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
/// dying.crash(afterWrites: 2)
/// // Two writes reach the disk; the third and every later call throw .simulatedCrash.
///
/// let killed = FaultInjectingFileSystem(wrapping: POSIXFileSystem())
/// killed.crash(at: .photosSaveAfterFileWrite)
/// // Core's save stops at that named moment (see CrashPoint.all).
/// ```
public final class FaultInjectingFileSystem: FileSystemWrapper {
    /// When a crash comes, relative to the operation it is attached to.
    public enum CrashMoment: Sendable, Equatable {
        /// Before the call reaches the disk: nothing of it is durable.
        case before
        /// After the call completed on disk, before the caller hears of it.
        case after
    }

    /// A fault or a crash, for tests that try both at one operation.
    public enum Injection: Sendable, Equatable {
        case fault(FaultKind)
        case crash(CrashMoment)
    }

    /// One forwarded (or refused) call, in the order they were made.
    public struct Call: Equatable, Sendable {
        public let operation: FaultOperation
        public let path: String

        public init(operation: FaultOperation, path: String) {
            self.operation = operation
            self.path = path
        }
    }

    /// A crash on the `nth` matching operation: a fault rule's counting with a crash instead.
    private struct CrashRule {
        var matcher: FaultRule
        let moment: CrashMoment
    }

    public let base: FileSystem
    /// Paths are matched relative to this folder; `nil`: the whole path.
    public let root: String?
    private let rootPaths: RelativePaths?
    private var rules: [FaultRule] = []
    /// Faults that fire once the call has reached the disk (``injectAfterTheCall(_:)``).
    private var lateRules: [FaultRule] = []
    private var crashRules: [CrashRule] = []
    private var crashPoints: Set<CrashPoint> = []
    /// The crash points Core reached through this file system, in order.
    public private(set) var reachedCrashPoints: [CrashPoint] = []
    /// Every read, write, sync, remove, rename and folder creation asked for, faulty ones included.
    public private(set) var calls: [Call] = []
    /// True once a crash fired; every later call is refused.
    public private(set) var hasCrashed = false

    /// Forwards every call to `base` until a fault is injected.
    public init(wrapping base: FileSystem, root: String? = nil) {
        self.base = base
        self.root = root
        rootPaths = root.map { RelativePaths(root: $0, resolvedRoot: try? base.resolvedPath(of: $0)) }
    }

    /// Adds a fault rule: the rule's `nth` matching operation from now fails with its kind,
    /// reporting the error ``Core/FaultKind/error(on:path:)`` gives; nothing changes on disk.
    public func inject(_ rule: FaultRule) {
        rules.append(rule)
    }

    /// A fault that fires after its call has reached the disk: the call does its work, then
    /// fails with the rule's error, as a real disk's folder `fsync` fails after an atomic
    /// write's rename has put the file in place. (``inject(_:)``'s faults change nothing.)
    public func injectAfterTheCall(_ rule: FaultRule) {
        lateRules.append(rule)
    }

    /// Crashes at the `nth` matching `operation` from now, before or after it reaches the disk.
    public func crash(_ moment: CrashMoment = .before, on operation: FaultOperation, nth: Int = 1, pathPattern: String? = nil) {
        crashRules.append(CrashRule(matcher: FaultRule(kind: .ioError, operation: operation, nth: nth, pathPattern: pathPattern),
                                    moment: moment))
    }

    /// A fault rule, or a crash, on the `nth` matching `operation` from now.
    public func inject(_ injection: Injection, on operation: FaultOperation, nth: Int = 1, pathPattern: String? = nil) {
        switch injection {
        case .fault(let kind): inject(FaultRule(kind: kind, operation: operation, nth: nth, pathPattern: pathPattern))
        case .crash(let moment): crash(moment, on: operation, nth: nth, pathPattern: pathPattern)
        }
    }

    /// Lets `writes` writes and `removals` removals through (counting from now), then crashes
    /// before the next one reaches the disk, like `kill -9` between two calls. `nil` puts no
    /// limit on that operation; with both, whichever limit is passed first crashes.
    public func crash(afterWrites writes: Int? = nil, afterRemovals removals: Int? = nil) {
        precondition(writes != nil || removals != nil, "give a number of writes, of removals, or both")
        for (count, operation) in [(writes, FaultOperation.write), (removals, .remove)] {
            guard let count else { continue }
            precondition(count >= 0 && count < Int.max, "a crash comes after 0 or more calls, got \(count)")
            crash(.before, on: operation, nth: count + 1)
        }
    }

    /// Crashes the next time Core reaches `point` (``Core/CrashPoint``): a point before a rename
    /// leaves the temporary file (`.<name>.Crash0`) on disk with the new bytes, as a crash there would.
    public func crash(at point: CrashPoint) {
        crashPoints.insert(point)
    }

    /// How many calls of `operation` were asked for, optionally only those whose path contains
    /// `pathFragment`.
    public func count(of operation: FaultOperation, pathContaining pathFragment: String? = nil) -> Int {
        calls.filter { $0.operation == operation && (pathFragment.map($0.path.contains) ?? true) }.count
    }

    // MARK: - FileSystem

    public func contents(of path: String) throws(FileSystemError) -> Data {
        try perform(.read, path) { () throws(FileSystemError) in try base.contents(of: path) }
    }

    public func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try perform(.read, path) { () throws(FileSystemError) in
            try base.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
        }
    }

    /// A `write`, then the `sync` of its `fsync`.
    public func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try perform([.write, .sync], path) { () throws(FileSystemError) in try base.writeAtomically(data, to: path) }
    }

    /// A `write`; its `sync` comes with ``synchronize(_:)``.
    public func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        try perform([.write], path) { () throws(FileSystemError) in try base.writeAtomicallyDeferred(data, to: path) }
    }

    /// One `sync` per path, in order, so a fault can stop it part-way.
    public func synchronize(_ paths: [String]) throws(FileSystemError) {
        for path in paths {
            try perform(.sync, path) { () throws(FileSystemError) in try base.synchronize([path]) }
        }
    }

    public func removeItem(at path: String) throws(FileSystemError) {
        try perform(.remove, path) { () throws(FileSystemError) in try base.removeItem(at: path) }
    }

    public func createDirectory(at path: String) throws(FileSystemError) {
        try perform(.createDirectory, path) { () throws(FileSystemError) in try base.createDirectory(at: path) }
    }

    public func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try perform(.rename, source) { () throws(FileSystemError) in try base.moveItem(at: source, to: destination) }
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

    public func reach(_ point: CrashPoint) throws(FileSystemError) {
        try refuseAfterCrash("crash point", point.name)
        reachedCrashPoints.append(point)
        try base.reach(point)
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

    private func perform<Result>(_ operation: FaultOperation, _ path: String,
                                 _ body: () throws(FileSystemError) -> Result) throws(FileSystemError) -> Result {
        try perform([operation], path, body)
    }

    /// Records the call, then meets its operations in order: the first fault or crash before
    /// fires instead of the call; a crash after lets it reach the disk first.
    private func perform<Result>(_ operations: [FaultOperation], _ path: String,
                                 _ body: () throws(FileSystemError) -> Result) throws(FileSystemError) -> Result {
        try refuseAfterCrash(operations[0].rawValue, path)
        calls.append(Call(operation: operations[0], path: path))
        var crashesAfter = false
        var lateFault: FileSystemError?
        for operation in operations {
            let relativePath = relative(path)
            let fault = Self.nextFault(operation, relativePath, in: &rules)
            let crash = nextCrash(operation, relativePath)
            if crash == .before {
                hasCrashed = true
                throw .simulatedCrash(operation: operation.rawValue, path: path)
            }
            if let fault { throw fault.error(on: operation, path: path) }
            if crash == .after { crashesAfter = true }
            if lateFault == nil, let late = Self.nextFault(operation, relativePath, in: &lateRules) {
                lateFault = late.error(on: operation, path: path)
            }
        }
        let result = try body()
        if crashesAfter {
            hasCrashed = true
            throw .simulatedCrash(operation: operations[0].rawValue, path: path)
        }
        if let lateFault { throw lateFault }
        return result
    }

    /// Counts the operation on every fault rule it matches and returns the first that fires
    /// (which then goes, as in the simulator).
    private static func nextFault(_ operation: FaultOperation, _ relativePath: String, in rules: inout [FaultRule]) -> FaultKind? {
        var fired: FaultKind?
        var index = 0
        while index < rules.count {
            guard rules[index].matches(operation, relativePath: relativePath) else { index += 1; continue }
            if rules[index].countMatch(), fired == nil {
                fired = rules[index].kind
                rules.remove(at: index)
                continue
            }
            index += 1
        }
        return fired
    }

    private func nextCrash(_ operation: FaultOperation, _ relativePath: String) -> CrashMoment? {
        var fired: CrashMoment?
        for index in crashRules.indices where crashRules[index].matcher.matches(operation, relativePath: relativePath) {
            if crashRules[index].matcher.countMatch(), fired == nil { fired = crashRules[index].moment }
        }
        return fired
    }

    /// `path` relative to ``root`` when it is inside it, else as it is.
    private func relative(_ path: String) -> String {
        rootPaths?.relative(path) ?? path
    }

    private func refuseAfterCrash(_ operation: String, _ path: String) throws(FileSystemError) {
        if hasCrashed { throw .simulatedCrash(operation: operation, path: path) }
    }
}
