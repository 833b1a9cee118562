import CSQLiteFaultVFS
import Core
import Foundation

/// One app process's view of its device's disk, through its ``FaultInjector``: the seam's calls
/// and (through a SQLite VFS of its own) its stores' writes and syncs meet injected faults, crash
/// points stop it, and once it is frozen nothing it does reaches the disk.
///
/// Operations are counted as ``Core/FaultOperation`` says: an atomic write is a `write`, then a
/// `sync`; a deferred write a `write`, and `synchronize` a `sync` per path; a move a `rename` of
/// its source; reads and new folders are faulted only by rules that name them. Reads are never
/// refused when frozen: a dead process's reads change nothing.
///
/// Frozen is forever: a process killed at a crash point never writes again, even if some of its
/// objects outlive it; the next launch gets a new disk.
package final class ProcessDisk: FileSystemWrapper {
    package let base: FileSystem
    private unowned let injector: FaultInjector
    /// True once the process was killed: every later change fails with `simulatedCrash`.
    private(set) var isFrozen = false
    /// The SQLite VFS this process's stores open with (registered on first use).
    private lazy var vfs: FaultVFSRegistration? = FaultVFSRegistration(disk: self)

    init(base: FileSystem, injector: FaultInjector) {
        self.base = base
        self.injector = injector
    }

    /// Stops every later change.
    package func freeze() {
        isFrozen = true
    }

    package var sqliteVFSName: String? { vfs?.name }

    // MARK: - Crash points

    package func reach(_ point: CrashPoint) throws(FileSystemError) {
        try refuseWhenFrozen("crash point", point.name)
        if injector.reach(point, on: self) { throw .simulatedCrash(operation: "crash point", path: point.name) }
    }

    package func writeAtomically(_ data: Data, to path: String, beforeRename point: CrashPoint) throws(FileSystemError) {
        try admitAtomicWrite(to: path)
        if injector.isDue(point) {
            // What a crash between the temporary file's fsync and its rename leaves: the new
            // bytes in `.<name>.XXXXXX` beside the untouched target.
            let temporary = path.deletingLastPathComponent
                .appendingPathComponent(".\(path.lastPathComponent).\(injector.temporarySuffix())")
            try base.writeAtomically(data, to: temporary)
        }
        try reach(point)
        try base.writeAtomically(data, to: path)
    }

    // MARK: - Changes

    package func writeAtomically(_ data: Data, to path: String) throws(FileSystemError) {
        try admitAtomicWrite(to: path)
        try base.writeAtomically(data, to: path)
    }

    /// A `write`; its `sync` comes with ``synchronize(_:)``.
    package func writeAtomicallyDeferred(_ data: Data, to path: String) throws(FileSystemError) {
        try refuseWhenFrozen("write", path)
        try injectFault(.write, path)
        try base.writeAtomicallyDeferred(data, to: path)
    }

    /// A `sync` per path, in order, so a fault can stop it part-way.
    package func synchronize(_ paths: [String]) throws(FileSystemError) {
        for path in paths {
            try refuseWhenFrozen("sync", path)
            try injectFault(.sync, path)
            try base.synchronize([path])
        }
    }

    /// What an atomic write meets before it reaches the disk: a frozen disk, then a fault on its
    /// write or on its sync.
    private func admitAtomicWrite(to path: String) throws(FileSystemError) {
        try refuseWhenFrozen("write", path)
        try injectFault(.write, path)
        try injectFault(.sync, path)
    }

    package func removeItem(at path: String) throws(FileSystemError) {
        try refuseWhenFrozen("remove", path)
        try injectFault(.remove, path)
        try base.removeItem(at: path)
    }

    package func createDirectory(at path: String) throws(FileSystemError) {
        try refuseWhenFrozen("create folder", path)
        try injectFault(.createDirectory, path)
        try base.createDirectory(at: path)
    }

    package func moveItem(at source: String, to destination: String) throws(FileSystemError) {
        try refuseWhenFrozen("rename", source)
        try injectFault(.rename, source)
        try base.moveItem(at: source, to: destination)
    }

    // MARK: - Reading (faulted when a rule names reads; never refused: a dead process's reads change nothing)

    package func contents(of path: String) throws(FileSystemError) -> Data {
        try injectReadFault(path)
        return try base.contents(of: path)
    }

    package func contents(ofRegularFile path: String, limitBytes: Int, prefixBytes: Int?) throws(FileSystemError) -> RegularFileContents {
        try injectReadFault(path)
        return try base.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
    }

    // MARK: - SQLite

    /// The answer the fault VFS gives SQLite for one operation on a store's file.
    ///
    /// Faults come first, so a store's sync can fail on any device; a sync that would reach the
    /// disk is skipped when the device's file system is scratch (the one place that decides
    /// whether a device's stores sync), and counted by the injector when it is not.
    func sqliteAnswer(_ operation: FaultOperation, path: String?) -> Int32 {
        if isFrozen { return Int32(PHOTOSIM_FAULT_FROZEN) }
        if let path, let kind = injector.fault(for: operation, path: path) { return Self.answer(kind, operation) }
        guard operation == .sync else { return Int32(PHOTOSIM_FAULT_NONE) }
        if durability == .scratch { return Int32(PHOTOSIM_FAULT_SKIP) }
        injector.countStoreSync()
        return Int32(PHOTOSIM_FAULT_NONE)
    }

    /// The VFS's answer for an injected fault.
    private static func answer(_ kind: FaultKind, _ operation: FaultOperation) -> Int32 {
        switch kind {
        case .diskFull: return Int32(PHOTOSIM_FAULT_DISK_FULL)
        case .shortWrite: return Int32(operation == .write ? PHOTOSIM_FAULT_SHORT_WRITE : PHOTOSIM_FAULT_IO_ERROR)
        case .ioError, .fsyncFailure: return Int32(PHOTOSIM_FAULT_IO_ERROR)
        }
    }

    // MARK: - Faults

    private func refuseWhenFrozen(_ operation: String, _ path: String) throws(FileSystemError) {
        if isFrozen { throw .simulatedCrash(operation: operation, path: path) }
    }

    private func injectFault(_ operation: FaultOperation, _ path: String) throws(FileSystemError) {
        guard let kind = injector.fault(for: operation, path: path) else { return }
        throw kind.error(on: operation, path: path)
    }

    /// A read meets only rules that name reads (``FaultInjector/fault(for:path:)``).
    private func injectReadFault(_ path: String) throws(FileSystemError) {
        try injectFault(.read, path)
    }
}
