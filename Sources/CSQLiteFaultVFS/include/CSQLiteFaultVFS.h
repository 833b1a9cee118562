// A SQLite VFS that wraps the default one (unix) and asks a callback before every write, sync,
// truncate and delete, so a simulated device's stores can fail (disk full, I/O error, short write,
// failed fsync) or be frozen at a simulated crash exactly as its other files are, and skip their
// syncs on a scratch device as its other files do.
#ifndef PHOTOSIM_FAULT_VFS_H
#define PHOTOSIM_FAULT_VFS_H

/// The operations the callback is asked about.
enum {
    PHOTOSIM_VFS_WRITE = 1,
    PHOTOSIM_VFS_SYNC = 2,
    PHOTOSIM_VFS_TRUNCATE = 3,
    PHOTOSIM_VFS_DELETE = 4,
};

/// The callback's answers.
enum {
    /// Let the operation through.
    PHOTOSIM_FAULT_NONE = 0,
    /// Fail with SQLITE_FULL; nothing is written.
    PHOTOSIM_FAULT_DISK_FULL = 1,
    /// Fail with the operation's SQLITE_IOERR_*; nothing is written.
    PHOTOSIM_FAULT_IO_ERROR = 2,
    /// Write the first half of the bytes, then fail as the unix VFS does for a short write (SQLITE_FULL).
    PHOTOSIM_FAULT_SHORT_WRITE = 3,
    /// The process is gone: fail with SQLITE_IOERR_* and change nothing.
    PHOTOSIM_FAULT_FROZEN = 4,
    /// Succeed without doing it: a sync on a scratch disk, whose files are thrown away unread.
    PHOTOSIM_FAULT_SKIP = 5,
};

/// Decides what happens to `operation` on `path` (`NULL` for SQLite's nameless temporary files).
typedef int (*photosim_fault_decide)(void *context, int operation, const char *path, long long offset, int amount);

/// Registers a VFS called `name` over the default VFS, asking `decide` with `context`.
/// Returns SQLITE_OK, or SQLITE_NOMEM / SQLITE_ERROR. The registration's memory is never freed,
/// so connections opened through it stay valid after it is unregistered.
int photosim_fault_vfs_register(const char *name, void *context, photosim_fault_decide decide);

/// Removes `name` from SQLite's list (open connections keep working); SQLITE_OK or SQLITE_NOTFOUND.
int photosim_fault_vfs_unregister(const char *name);

#endif
