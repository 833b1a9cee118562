import Core
import CSQLite
import CSQLiteFaultVFS

/// One process's SQLite VFS (`photosim-fault-<n>`): the default VFS with every write, sync,
/// truncate and delete first put to the process's ``ProcessDisk``.
///
/// The C side keeps a retained ``Context`` for as long as SQLite may call it (never freed: a
/// connection of a dead process may outlive its disk); once the disk is gone it answers "frozen".
final class FaultVFSRegistration {
    /// What the C callbacks reach: the disk, weakly.
    final class Context {
        weak var disk: ProcessDisk?
        init(disk: ProcessDisk) { self.disk = disk }
    }

    let name: String

    /// Registers a new VFS for `disk`; `nil` when SQLite refuses (the stores then use the default).
    init?(disk: ProcessDisk) {
        let context = Unmanaged.passRetained(Context(disk: disk))
        let name = "photosim-fault-\(UInt(bitPattern: context.toOpaque()))"
        guard photosim_fault_vfs_register(name, context.toOpaque(), faultVFSDecide) == SQLITE_OK else {
            context.release()
            return nil
        }
        self.name = name
    }

    deinit {
        _ = photosim_fault_vfs_unregister(name)
    }
}

/// The C callback: the disk's answer, or frozen when the disk is gone.
private let faultVFSDecide: photosim_fault_decide = { context, operation, path, _, _ in
    guard let context else { return Int32(PHOTOSIM_FAULT_FROZEN) }
    let box = Unmanaged<FaultVFSRegistration.Context>.fromOpaque(context).takeUnretainedValue()
    guard let disk = box.disk else { return Int32(PHOTOSIM_FAULT_FROZEN) }
    let kind: FaultOperation
    switch Int(operation) {
    case Int(PHOTOSIM_VFS_WRITE), Int(PHOTOSIM_VFS_TRUNCATE): kind = .write
    case Int(PHOTOSIM_VFS_SYNC): kind = .sync
    default: kind = .remove
    }
    return disk.sqliteAnswer(kind, path: path.map { String(cString: $0) })
}
