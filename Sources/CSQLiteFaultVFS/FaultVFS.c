// See include/CSQLiteFaultVFS.h. Follows SQLite's documented shim pattern (a VFS whose files
// embed the real VFS's file after their own header; https://sqlite.org/vfs.html).
#include "CSQLiteFaultVFS.h"
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

typedef struct FaultVFS {
    sqlite3_vfs base;
    sqlite3_vfs *real;
    void *context;
    photosim_fault_decide decide;
    char name[256];
} FaultVFS;

typedef struct FaultFile {
    sqlite3_file base;
    FaultVFS *vfs;
    const char *path;
    sqlite3_file *real;
} FaultFile;

static int ask(FaultVFS *vfs, int operation, const char *path, long long offset, int amount) {
    return vfs->decide(vfs->context, operation, path, offset, amount);
}

static int failure(int answer, int ioError) {
    return answer == PHOTOSIM_FAULT_DISK_FULL ? SQLITE_FULL : ioError;
}

// MARK: - File methods

static int faultClose(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    int rc = f->real->pMethods ? f->real->pMethods->xClose(f->real) : SQLITE_OK;
    return rc;
}

static int faultRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xRead(f->real, buffer, amount, offset);
}

static int faultWrite(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *f = (FaultFile *)file;
    int answer = ask(f->vfs, PHOTOSIM_VFS_WRITE, f->path, offset, amount);
    if (answer == PHOTOSIM_FAULT_NONE) return f->real->pMethods->xWrite(f->real, buffer, amount, offset);
    if (answer == PHOTOSIM_FAULT_SHORT_WRITE) {
        int half = amount / 2;
        if (half > 0) f->real->pMethods->xWrite(f->real, buffer, half, offset);
        return SQLITE_FULL;
    }
    return failure(answer, SQLITE_IOERR_WRITE);
}

static int faultTruncate(sqlite3_file *file, sqlite3_int64 size) {
    FaultFile *f = (FaultFile *)file;
    int answer = ask(f->vfs, PHOTOSIM_VFS_TRUNCATE, f->path, size, 0);
    if (answer == PHOTOSIM_FAULT_NONE) return f->real->pMethods->xTruncate(f->real, size);
    return failure(answer, SQLITE_IOERR_TRUNCATE);
}

static int faultSync(sqlite3_file *file, int flags) {
    FaultFile *f = (FaultFile *)file;
    int answer = ask(f->vfs, PHOTOSIM_VFS_SYNC, f->path, 0, 0);
    if (answer == PHOTOSIM_FAULT_NONE) return f->real->pMethods->xSync(f->real, flags);
    // The unix VFS syncs a new file's folder inside its first xSync, so that is skipped too.
    if (answer == PHOTOSIM_FAULT_SKIP) return SQLITE_OK;
    return failure(answer, SQLITE_IOERR_FSYNC);
}

static int faultFileSize(sqlite3_file *file, sqlite3_int64 *size) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xFileSize(f->real, size);
}

static int faultLock(sqlite3_file *file, int level) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xLock(f->real, level);
}

static int faultUnlock(sqlite3_file *file, int level) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xUnlock(f->real, level);
}

static int faultCheckReservedLock(sqlite3_file *file, int *result) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xCheckReservedLock(f->real, result);
}

static int faultFileControl(sqlite3_file *file, int op, void *argument) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xFileControl(f->real, op, argument);
}

static int faultSectorSize(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xSectorSize(f->real);
}

static int faultDeviceCharacteristics(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xDeviceCharacteristics(f->real);
}

static int faultShmMap(sqlite3_file *file, int page, int pageSize, int extend, void volatile **memory) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xShmMap(f->real, page, pageSize, extend, memory);
}

static int faultShmLock(sqlite3_file *file, int offset, int count, int flags) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xShmLock(f->real, offset, count, flags);
}

static void faultShmBarrier(sqlite3_file *file) {
    FaultFile *f = (FaultFile *)file;
    f->real->pMethods->xShmBarrier(f->real);
}

static int faultShmUnmap(sqlite3_file *file, int deleteFlag) {
    FaultFile *f = (FaultFile *)file;
    // A frozen process deletes nothing, the -shm index included.
    if (deleteFlag && ask(f->vfs, PHOTOSIM_VFS_DELETE, f->path, 0, 0) != PHOTOSIM_FAULT_NONE) deleteFlag = 0;
    return f->real->pMethods->xShmUnmap(f->real, deleteFlag);
}

static int faultFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xFetch(f->real, offset, amount, pointer);
}

static int faultUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    FaultFile *f = (FaultFile *)file;
    return f->real->pMethods->xUnfetch(f->real, offset, pointer);
}

static const sqlite3_io_methods faultMethods = {
    3, faultClose, faultRead, faultWrite, faultTruncate, faultSync, faultFileSize, faultLock, faultUnlock,
    faultCheckReservedLock, faultFileControl, faultSectorSize, faultDeviceCharacteristics, faultShmMap,
    faultShmLock, faultShmBarrier, faultShmUnmap, faultFetch, faultUnfetch,
};

// MARK: - VFS methods

static int faultOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    FaultFile *f = (FaultFile *)file;
    memset(f, 0, (size_t)vfs->szOsFile);
    f->vfs = fault;
    f->path = name;
    f->real = (sqlite3_file *)&f[1];
    int rc = fault->real->xOpen(fault->real, name, f->real, flags, outFlags);
    // Only a file the real VFS opened gets methods (SQLite then calls xClose on it).
    f->base.pMethods = f->real->pMethods ? &faultMethods : NULL;
    return rc;
}

static int faultDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    int answer = ask(fault, PHOTOSIM_VFS_DELETE, name, 0, 0);
    if (answer != PHOTOSIM_FAULT_NONE) return SQLITE_IOERR_DELETE;
    return fault->real->xDelete(fault->real, name, syncDirectory);
}

static int faultAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xAccess(fault->real, name, flags, result);
}

static int faultFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xFullPathname(fault->real, name, size, out);
}

static void *faultDlOpen(sqlite3_vfs *vfs, const char *name) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xDlOpen(fault->real, name);
}

static void faultDlError(sqlite3_vfs *vfs, int size, char *message) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    fault->real->xDlError(fault->real, size, message);
}

static void (*faultDlSym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xDlSym(fault->real, handle, symbol);
}

static void faultDlClose(sqlite3_vfs *vfs, void *handle) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    fault->real->xDlClose(fault->real, handle);
}

static int faultRandomness(sqlite3_vfs *vfs, int size, char *out) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xRandomness(fault->real, size, out);
}

static int faultSleep(sqlite3_vfs *vfs, int microseconds) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xSleep(fault->real, microseconds);
}

static int faultCurrentTime(sqlite3_vfs *vfs, double *now) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xCurrentTime(fault->real, now);
}

static int faultGetLastError(sqlite3_vfs *vfs, int size, char *out) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xGetLastError ? fault->real->xGetLastError(fault->real, size, out) : 0;
}

static int faultCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    FaultVFS *fault = (FaultVFS *)vfs->pAppData;
    return fault->real->xCurrentTimeInt64(fault->real, now);
}

int photosim_fault_vfs_register(const char *name, void *context, photosim_fault_decide decide) {
    if (sqlite3_initialize() != SQLITE_OK) return SQLITE_ERROR;
    sqlite3_vfs *real = sqlite3_vfs_find(NULL);
    if (real == NULL || strlen(name) >= sizeof(((FaultVFS *)0)->name)) return SQLITE_ERROR;
    FaultVFS *fault = calloc(1, sizeof(FaultVFS));
    if (fault == NULL) return SQLITE_NOMEM;
    strcpy(fault->name, name);
    fault->real = real;
    fault->context = context;
    fault->decide = decide;
    sqlite3_vfs *base = &fault->base;
    base->iVersion = 2;
    base->szOsFile = (int)sizeof(FaultFile) + real->szOsFile;
    base->mxPathname = real->mxPathname;
    base->zName = fault->name;
    base->pAppData = fault;
    base->xOpen = faultOpen;
    base->xDelete = faultDelete;
    base->xAccess = faultAccess;
    base->xFullPathname = faultFullPathname;
    base->xDlOpen = faultDlOpen;
    base->xDlError = faultDlError;
    base->xDlSym = faultDlSym;
    base->xDlClose = faultDlClose;
    base->xRandomness = faultRandomness;
    base->xSleep = faultSleep;
    base->xCurrentTime = faultCurrentTime;
    base->xGetLastError = faultGetLastError;
    base->xCurrentTimeInt64 = faultCurrentTimeInt64;
    return sqlite3_vfs_register(base, 0);
}

int photosim_fault_vfs_unregister(const char *name) {
    sqlite3_vfs *vfs = sqlite3_vfs_find(name);
    if (vfs == NULL || vfs->xOpen != faultOpen) return SQLITE_NOTFOUND;
    return sqlite3_vfs_unregister(vfs);
}
