// Disk faults inside an app process (CAppWorld.h, docs/faults.md "In an app process").
//
// The executable defines the C library's file calls below, so Foundation's `Data.write`,
// `FileManager`, SQLite and the app's own POSIX calls reach them first (as app_world.c's clock
// and random calls). Each asks the world's fault layer before it goes to the system: a rule the
// simulator gave (`injectFault`) that counts this call, or a draw of the seed's fault stream at
// the fault rate (`setFaultRate`, `--fault-rate`). A call that meets a fault fails as a full or
// failing disk makes it fail, changing nothing (a short write writes half, and the rest then
// finds the disk full), and the fault is reported to UIKit for the step's events.
//
// Only calls on the app's data container count (its path, `CFFIXED_USER_HOME`, resolved), by
// the path relative to it: descriptors are followed from the `open` or `openat` that made them.
// `Library/Preferences` is left alone: on iOS the preferences daemon writes it, not the app.

#define _GNU_SOURCE
#include "CAppWorld.h"
#include "app_world_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

enum { descriptor_slots = 4096, rule_slots = 64 };

/// The operations and kinds, in Core's words (`FaultOperation`, `FaultKind`).
enum fault_operation { op_write, op_sync, op_remove, op_rename, op_read, op_create_directory, op_any };
enum fault_kind { kind_disk_full, kind_io_error, kind_short_write, kind_fsync_failure };

static const char *operation_names[] = { "write", "sync", "remove", "rename", "read", "createDirectory", "any" };
static const char *kind_names[] = { "diskFull", "ioError", "shortWrite", "fsyncFailure" };

struct rule {
    int kind, operation, nth, seen;
    char *pattern;      // NULL: every path
    char *description;  // Core's `FaultRule.description`, for the report
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char *container_paths[2];            // as given and resolved, without a trailing slash
static char *descriptor_paths[descriptor_slots];  // relative paths of the container's open descriptors
static unsigned char descriptor_full[descriptor_slots];  // a short write left this file's disk full
static unsigned char descriptor_written[descriptor_slots];  // something was written through it
static struct rule rules[rule_slots];
static int rule_count = 0;
static double fault_rate = 0;
static uint64_t fault_state = 0;
static photosim_fault_reporter reporter = NULL;
/// Told of each file the app finishes writing or removes, while someone listens.
static photosim_fault_reporter moment_reporter = NULL;
/// Set while this thread does the system's file work for the app (photosim_faults_pause).
static __thread int paused = 0;
/// A throw-away container (`PHOTOSIM_APP_SCRATCH=1`, a scenario's temporary device): a sync
/// meets its faults and then returns at once, as the simulator's own scratch file system does;
/// what a killed process wrote is in the page cache either way, and only a lost machine would
/// tell the difference.
static int scratch_container = 0;

static int faults_in_force(void) { return world_active && container_paths[0] != NULL; }

/// How many calls that can change the container the app has made (photosim_faults_change_count).
static long long change_count = 0;

static void count_change(void) { __atomic_add_fetch(&change_count, 1, __ATOMIC_RELAXED); }

long long photosim_faults_change_count(void) { return faults_in_force() ? __atomic_load_n(&change_count, __ATOMIC_RELAXED) : -1; }

void start_disk_faults(void) {
    const char *home = getenv("CFFIXED_USER_HOME");
    if (home == NULL || home[0] != '/') return;
    size_t length = strlen(home);
    while (length > 1 && home[length - 1] == '/') length--;
    container_paths[0] = strndup(home, length);
    char resolved[PATH_MAX];
    if (realpath(container_paths[0], resolved) != NULL && strcmp(resolved, container_paths[0]) != 0) {
        container_paths[1] = strdup(resolved);
    }
    // The fault stream is the seed's own, apart from the app's random source.
    fault_state = world_seed ^ 0x6661756C74730000ULL;
    const char *scratch = getenv("PHOTOSIM_APP_SCRATCH");
    scratch_container = scratch != NULL && strcmp(scratch, "1") == 0;
}

/// `path` relative to the container (a fresh string), or NULL when it is outside.
static char *relative_to_container(const char *path) {
    if (path == NULL || path[0] != '/') return NULL;
    for (int index = 0; index < 2; index++) {
        const char *root = container_paths[index];
        if (root == NULL) continue;
        size_t length = strlen(root);
        if (strncmp(path, root, length) != 0) continue;
        if (path[length] == '\0') return strdup("");
        if (path[length] == '/') return strdup(path + length + 1);
    }
    return NULL;
}

/// The relative path of `name` opened at `directory` (AT_FDCWD or a descriptor the layer
/// follows), or NULL outside the container.
static char *relative_at(int directory, const char *name) {
    if (name == NULL) return NULL;
    if (name[0] == '/' || directory == AT_FDCWD) return relative_to_container(name);
    if (directory < 0 || directory >= descriptor_slots) return NULL;
    pthread_mutex_lock(&lock);
    const char *base = descriptor_paths[directory];
    char *joined = NULL;
    if (base != NULL) {
        size_t size = strlen(base) + strlen(name) + 2;
        joined = malloc(size);
        if (joined != NULL) snprintf(joined, size, "%s%s%s", base, base[0] == '\0' ? "" : "/", name);
    }
    pthread_mutex_unlock(&lock);
    return joined;
}

/// The fault for one call on `relative` (a container path), if any: -1 for none, else the
/// kind. The report goes out after the lock is given back.
static int decide(int operation, const char *relative) {
    int is_change = operation == op_write || operation == op_sync || operation == op_remove || operation == op_rename;
    // Every change of the container counts, the system's own work and the preferences too.
    if (relative != NULL && (is_change || operation == op_create_directory)) count_change();
    // The preferences' property lists are the system's to write on iOS (its preferences
    // daemon, which keeps the old file when a write fails), not the app's.
    if (paused || relative == NULL || strncmp(relative, "Library/Preferences/", 20) == 0) return -1;
    char line[PATH_MAX + 256];
    int kind = -1;
    pthread_mutex_lock(&lock);
    for (int index = 0; index < rule_count; index++) {
        struct rule *rule = &rules[index];
        int covers = rule->operation == operation || (rule->operation == op_any && is_change);
        if (!covers || (rule->pattern != NULL && fnmatch(rule->pattern, relative, 0) != 0)) continue;
        rule->seen += 1;
        if (rule->seen != rule->nth || kind >= 0) continue;
        kind = rule->kind;
        snprintf(line, sizeof line, "fault %s on %s %s (rule %s)", kind_names[kind], operation_names[operation], relative, rule->description);
        free(rule->pattern);
        free(rule->description);
        memmove(rule, rule + 1, (size_t)(rule_count - index - 1) * sizeof *rule);
        rule_count -= 1;
        index -= 1;
    }
    if (kind < 0 && is_change && fault_rate > 0) {
        uint64_t scale = 1ULL << 53;
        if ((double)(splitmix64_next(&fault_state) % scale) / (double)scale < fault_rate) {
            switch (operation) {
            case op_sync: kind = kind_fsync_failure; break;
            case op_write: kind = (int)(splitmix64_next(&fault_state) % 3); break;
            default: kind = kind_io_error; break;
            }
            snprintf(line, sizeof line, "fault %s on %s %s (rate %g)", kind_names[kind], operation_names[operation], relative, fault_rate);
        }
    }
    photosim_fault_reporter report = reporter;
    pthread_mutex_unlock(&lock);
    if (kind >= 0 && report != NULL) report(line);
    return kind;
}

/// The fault for a call on descriptor `descriptor`, if it is the container's.
static int decide_descriptor(int operation, int descriptor) {
    if (!faults_in_force() || descriptor < 0 || descriptor >= descriptor_slots) return -1;
    pthread_mutex_lock(&lock);
    char *relative = descriptor_paths[descriptor] == NULL ? NULL : strdup(descriptor_paths[descriptor]);
    pthread_mutex_unlock(&lock);
    int kind = decide(operation, relative);
    free(relative);
    return kind;
}

static int decide_path(int operation, int directory, const char *path) {
    if (!faults_in_force()) return -1;
    char *relative = relative_at(directory, path);
    int kind = decide(operation, relative);
    free(relative);
    return kind;
}

/// What a failing call sets: a full disk's ENOSPC, else EIO.
static int fail(int kind) {
    errno = kind == kind_disk_full ? ENOSPC : EIO;
    return -1;
}

// MARK: - Following descriptors (called from app_world.c's open and close too)

void faults_note_open(int descriptor, int directory, const char *path, int flags) {
    if (!faults_in_force() || descriptor < 0 || descriptor >= descriptor_slots) return;
    char *relative = relative_at(directory, path);
    // An open that may create or empty a file changes the container.
    if (relative != NULL && (flags & (O_CREAT | O_TRUNC)) != 0) count_change();
    pthread_mutex_lock(&lock);
    free(descriptor_paths[descriptor]);
    descriptor_paths[descriptor] = relative;
    descriptor_full[descriptor] = 0;
    descriptor_written[descriptor] = 0;
    pthread_mutex_unlock(&lock);
}

/// Whether `relative` is one of Foundation's temporary files, which the trace never names.
static int is_temporary(const char *relative) {
    const char *slash = strrchr(relative, '/');
    return strncmp(slash == NULL ? relative : slash + 1, ".dat.nosync", 11) == 0;
}

/// The trace's words for a file the app wrote (`file written Documents/a.txt (5 bytes)`), as
/// the simulator's trace gives them, in a fresh string; NULL when nobody listens.
static char *written_line(const char *relative, long long size) {
    if (moment_reporter == NULL || relative == NULL || is_temporary(relative)) return NULL;
    char *line = NULL;
    if (asprintf(&line, "file written %s (%lld bytes)", relative, size) < 0) return NULL;
    return line;
}

char *faults_note_close(int descriptor) {
    if (descriptor < 0 || descriptor >= descriptor_slots) return NULL;
    pthread_mutex_lock(&lock);
    char *moment = NULL;
    if (descriptor_written[descriptor] && descriptor_paths[descriptor] != NULL) {
        struct stat status;
        if (fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode)) {
            moment = written_line(descriptor_paths[descriptor], (long long)status.st_size);
        }
    }
    free(descriptor_paths[descriptor]);
    descriptor_paths[descriptor] = NULL;
    descriptor_full[descriptor] = 0;
    descriptor_written[descriptor] = 0;
    pthread_mutex_unlock(&lock);
    return moment;
}

void faults_moment(char *line) {
    if (line == NULL) return;
    pthread_mutex_lock(&lock);
    photosim_fault_reporter report = moment_reporter;
    pthread_mutex_unlock(&lock);
    if (report != NULL && !paused) report(line);
    free(line);
}

int faults_read_fails(int descriptor) {
    int kind = decide_descriptor(op_read, descriptor);
    return kind >= 0 ? fail(kind) : 0;
}

// MARK: - The interface UIKit drives

void photosim_faults_set_reporter(photosim_fault_reporter report) {
    pthread_mutex_lock(&lock);
    reporter = report;
    pthread_mutex_unlock(&lock);
}

int photosim_faults_add_rule(const char *kind, const char *operation, int nth, const char *pattern, const char *description) {
    int kind_index = -1, operation_index = -1;
    for (int index = 0; index < 4; index++) if (strcmp(kind, kind_names[index]) == 0) kind_index = index;
    for (int index = 0; index < 7; index++) if (strcmp(operation, operation_names[index]) == 0) operation_index = index;
    if (kind_index < 0 || operation_index < 0 || nth < 1) return 0;
    pthread_mutex_lock(&lock);
    int added = rule_count < rule_slots;
    if (added) {
        rules[rule_count] = (struct rule){ kind_index, operation_index, nth, 0, pattern == NULL ? NULL : strdup(pattern), strdup(description) };
        rule_count += 1;
    }
    pthread_mutex_unlock(&lock);
    return added;
}

void photosim_faults_pause(int pause) { paused = pause; }

void photosim_faults_set_moment_reporter(photosim_fault_reporter report) {
    pthread_mutex_lock(&lock);
    moment_reporter = report;
    pthread_mutex_unlock(&lock);
}

void photosim_faults_set_rate(double rate) {
    pthread_mutex_lock(&lock);
    fault_rate = rate < 0 ? 0 : rate > 1 ? 1 : rate;
    pthread_mutex_unlock(&lock);
}

// MARK: - The calls

/// The C library's own `name`, as the dynamic linker finds it after this executable.
#define SYSTEM_FUNCTION(type, name) ({ static __typeof__(type) function = NULL; if (function == NULL) function = (type)dlsym(RTLD_NEXT, name); function; })

static int system_openat(int directory, const char *path, int flags, mode_t mode) {
    int (*function)(int, const char *, int, ...) = SYSTEM_FUNCTION(int (*)(int, const char *, int, ...), "openat");
    return function != NULL ? function(directory, path, flags, mode) : (int)syscall(SYS_openat, directory, path, flags, mode);
}

static mode_t mode_argument(int flags, va_list arguments) {
    return ((flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE) ? (mode_t)va_arg(arguments, int) : 0;
}

int openat(int directory, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    int descriptor = system_openat(directory, path, flags, mode);
    if (descriptor >= 0) faults_note_open(descriptor, directory, path, flags);
    return descriptor;
}

int openat64(int directory, const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    return openat(directory, path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    return open(path, flags, mode);
}

int creat(const char *path, mode_t mode) {
    return open(path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

/// A write of `count` bytes on `descriptor` under the layer: -1 with errno for a fault, the
/// bytes to write for a short one (half, then the disk is full), or `count`.
static ssize_t allowed_write(int descriptor, size_t count) {
    if (descriptor >= 0 && descriptor < descriptor_slots && descriptor_full[descriptor]) return fail(kind_disk_full);
    if (descriptor >= 0 && descriptor < descriptor_slots) descriptor_written[descriptor] = 1;
    int kind = decide_descriptor(op_write, descriptor);
    if (kind < 0) return (ssize_t)count;
    if (kind == kind_short_write && count > 1) {
        descriptor_full[descriptor] = 1;
        return (ssize_t)(count / 2);
    }
    return fail(kind == kind_short_write ? kind_disk_full : kind);
}

ssize_t write(int descriptor, const void *buffer, size_t count) {
    ssize_t allowed = allowed_write(descriptor, count);
    if (allowed < 0) return -1;
    ssize_t (*function)(int, const void *, size_t) = SYSTEM_FUNCTION(ssize_t (*)(int, const void *, size_t), "write");
    return function != NULL ? function(descriptor, buffer, (size_t)allowed) : (ssize_t)syscall(SYS_write, descriptor, buffer, (size_t)allowed);
}

ssize_t pwrite(int descriptor, const void *buffer, size_t count, off_t offset) {
    ssize_t allowed = allowed_write(descriptor, count);
    if (allowed < 0) return -1;
    ssize_t (*function)(int, const void *, size_t, off_t) = SYSTEM_FUNCTION(ssize_t (*)(int, const void *, size_t, off_t), "pwrite");
    return function != NULL ? function(descriptor, buffer, (size_t)allowed, offset) : (ssize_t)syscall(SYS_pwrite64, descriptor, buffer, (size_t)allowed, offset);
}

ssize_t pwrite64(int descriptor, const void *buffer, size_t count, off_t offset) {
    return pwrite(descriptor, buffer, count, offset);
}

ssize_t writev(int descriptor, const struct iovec *vectors, int count) {
    size_t total = 0;
    for (int index = 0; index < count; index++) total += vectors[index].iov_len;
    ssize_t allowed = allowed_write(descriptor, total);
    if (allowed < 0) return -1;
    if ((size_t)allowed == total) {
        ssize_t (*function)(int, const struct iovec *, int) = SYSTEM_FUNCTION(ssize_t (*)(int, const struct iovec *, int), "writev");
        return function != NULL ? function(descriptor, vectors, count) : (ssize_t)syscall(SYS_writev, descriptor, vectors, count);
    }
    // A short write: the first half of the bytes, in order.
    ssize_t written = 0;
    for (int index = 0; index < count && (size_t)written < (size_t)allowed; index++) {
        size_t part = vectors[index].iov_len;
        if ((size_t)written + part > (size_t)allowed) part = (size_t)allowed - (size_t)written;
        ssize_t done = write(descriptor, vectors[index].iov_base, part);
        if (done < 0) return written > 0 ? written : -1;
        written += done;
    }
    return written;
}

/// Whether `descriptor` is one of the container's open files (so valid, and a sync of a scratch
/// container may skip it).
static int container_descriptor(int descriptor) {
    if (!faults_in_force() || descriptor < 0 || descriptor >= descriptor_slots) return 0;
    pthread_mutex_lock(&lock);
    int inside = descriptor_paths[descriptor] != NULL;
    pthread_mutex_unlock(&lock);
    return inside;
}

int fsync(int descriptor) {
    int kind = decide_descriptor(op_sync, descriptor);
    if (kind >= 0) return fail(kind);
    if (scratch_container && container_descriptor(descriptor)) return 0;
    int (*function)(int) = SYSTEM_FUNCTION(int (*)(int), "fsync");
    return function != NULL ? function(descriptor) : (int)syscall(SYS_fsync, descriptor);
}

int fdatasync(int descriptor) {
    int kind = decide_descriptor(op_sync, descriptor);
    if (kind >= 0) return fail(kind);
    if (scratch_container && container_descriptor(descriptor)) return 0;
    int (*function)(int) = SYSTEM_FUNCTION(int (*)(int), "fdatasync");
    return function != NULL ? function(descriptor) : (int)syscall(SYS_fdatasync, descriptor);
}

static int system_renameat2(int from_directory, const char *from, int to_directory, const char *to, unsigned int flags) {
    if (flags == 0) {
        int (*function)(int, const char *, int, const char *) = SYSTEM_FUNCTION(int (*)(int, const char *, int, const char *), "renameat");
        if (function != NULL) return function(from_directory, from, to_directory, to);
    }
    int (*function)(int, const char *, int, const char *, unsigned int) = SYSTEM_FUNCTION(int (*)(int, const char *, int, const char *, unsigned int), "renameat2");
    return function != NULL ? function(from_directory, from, to_directory, to, flags) : (int)syscall(SYS_renameat2, from_directory, from, to_directory, to, flags);
}

int renameat2(int from_directory, const char *from, int to_directory, const char *to, unsigned int flags) {
    int kind = decide_path(op_rename, from_directory, from);
    if (kind >= 0) return fail(kind);
    int result = system_renameat2(from_directory, from, to_directory, to, flags);
    if (result == 0 && moment_reporter != NULL && faults_in_force()) {
        // A file renamed into place is a file written, as the trace sees it.
        char *relative = relative_at(to_directory, to);
        struct stat status;
        if (relative != NULL && fstatat(to_directory, to, &status, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(status.st_mode)) {
            faults_moment(written_line(relative, (long long)status.st_size));
        }
        free(relative);
    }
    return result;
}

int renameat(int from_directory, const char *from, int to_directory, const char *to) {
    return renameat2(from_directory, from, to_directory, to, 0);
}

int rename(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, 0);
}

int unlinkat(int directory, const char *path, int flags) {
    int kind = decide_path(op_remove, directory, path);
    if (kind >= 0) return fail(kind);
    // The path is read before the call: a directory descriptor's path is followed.
    char *relative = moment_reporter != NULL && faults_in_force() && (flags & AT_REMOVEDIR) == 0 ? relative_at(directory, path) : NULL;
    int (*function)(int, const char *, int) = SYSTEM_FUNCTION(int (*)(int, const char *, int), "unlinkat");
    int result = function != NULL ? function(directory, path, flags) : (int)syscall(SYS_unlinkat, directory, path, flags);
    if (result == 0 && relative != NULL && !is_temporary(relative)) {
        char *line = NULL;
        if (asprintf(&line, "file removed %s", relative) < 0) line = NULL;
        faults_moment(line);
    }
    free(relative);
    return result;
}

int unlink(const char *path) { return unlinkat(AT_FDCWD, path, 0); }

int rmdir(const char *path) { return unlinkat(AT_FDCWD, path, AT_REMOVEDIR); }

int remove(const char *path) {
    struct stat status;
    if (lstat(path, &status) == 0 && S_ISDIR(status.st_mode)) return rmdir(path);
    return unlink(path);
}

int mkdirat(int directory, const char *path, mode_t mode) {
    int kind = decide_path(op_create_directory, directory, path);
    if (kind >= 0) return fail(kind);
    int (*function)(int, const char *, mode_t) = SYSTEM_FUNCTION(int (*)(int, const char *, mode_t), "mkdirat");
    return function != NULL ? function(directory, path, mode) : (int)syscall(SYS_mkdirat, directory, path, mode);
}

int mkdir(const char *path, mode_t mode) { return mkdirat(AT_FDCWD, path, mode); }

// A file's size set or reserved (SQLite truncates its log after a checkpoint) and a new link
// change the container too; these calls meet no faults, and only count.

/// A call that changes `path` (at `directory`) in the container: a new name there (a hard or
/// symbolic link) or a size set.
static void count_path_change(int directory, const char *path) {
    if (!faults_in_force()) return;
    char *relative = relative_at(directory, path);
    if (relative != NULL) count_change();
    free(relative);
}

int ftruncate(int descriptor, off_t length) {
    if (container_descriptor(descriptor)) count_change();
    int (*function)(int, off_t) = SYSTEM_FUNCTION(int (*)(int, off_t), "ftruncate");
    return function != NULL ? function(descriptor, length) : (int)syscall(SYS_ftruncate, descriptor, length);
}

int ftruncate64(int descriptor, off_t length) { return ftruncate(descriptor, length); }

int truncate(const char *path, off_t length) {
    count_path_change(AT_FDCWD, path);
    int (*function)(const char *, off_t) = SYSTEM_FUNCTION(int (*)(const char *, off_t), "truncate");
    return function != NULL ? function(path, length) : (int)syscall(SYS_truncate, path, length);
}

int fallocate(int descriptor, int mode, off_t offset, off_t length) {
    if (container_descriptor(descriptor)) count_change();
    int (*function)(int, int, off_t, off_t) = SYSTEM_FUNCTION(int (*)(int, int, off_t, off_t), "fallocate");
    return function != NULL ? function(descriptor, mode, offset, length) : (int)syscall(SYS_fallocate, descriptor, mode, offset, length);
}

int linkat(int from_directory, const char *from, int to_directory, const char *to, int flags) {
    count_path_change(to_directory, to);
    int (*function)(int, const char *, int, const char *, int) = SYSTEM_FUNCTION(int (*)(int, const char *, int, const char *, int), "linkat");
    return function != NULL ? function(from_directory, from, to_directory, to, flags) : (int)syscall(SYS_linkat, from_directory, from, to_directory, to, flags);
}

int link(const char *from, const char *to) { return linkat(AT_FDCWD, from, AT_FDCWD, to, 0); }

int symlinkat(const char *target, int directory, const char *path) {
    count_path_change(directory, path);
    int (*function)(const char *, int, const char *) = SYSTEM_FUNCTION(int (*)(const char *, int, const char *), "symlinkat");
    return function != NULL ? function(target, directory, path) : (int)syscall(SYS_symlinkat, target, directory, path);
}

int symlink(const char *target, const char *path) { return symlinkat(target, AT_FDCWD, path); }

int posix_fallocate(int descriptor, off_t offset, off_t length) {
    if (container_descriptor(descriptor)) count_change();
    int (*function)(int, off_t, off_t) = SYSTEM_FUNCTION(int (*)(int, off_t, off_t), "posix_fallocate");
    return function != NULL ? function(descriptor, offset, length) : EINVAL;
}

// MARK: - Temporary names

// The C library draws a temporary file's letters from the host (its clock and the kernel's
// random source, inside glibc, out of reach), and Foundation's atomic write puts the process's
// real number in the name (`.dat.nosync<pid>.XXXXXX`): a file a failed write leaves behind would
// be named differently on every run. While the world is in force the letters come from the
// seed's own name stream, and Foundation's name leaves the process number out
// (`.dat.nosync.XXXXXX`), so one seed leaves the same names.

static uint64_t name_state = 0;
static int name_state_ready = 0;

/// Fills the `count` letters at `letters` from the world's name stream.
static void world_letters(char *letters, size_t count) {
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    pthread_mutex_lock(&lock);
    if (!name_state_ready) { name_state = world_seed ^ 0x6E616D6573000000ULL; name_state_ready = 1; }
    for (size_t index = 0; index < count; index++) letters[index] = alphabet[splitmix64_next(&name_state) % 62];
    pthread_mutex_unlock(&lock);
}

/// Where the template's trailing `XXXXXX` begin (after Foundation's name is made stable), or
/// NULL for a template without six.
static char *template_letters(char *template, int suffix_length) {
    size_t length = strlen(template);
    if (suffix_length < 0 || length < (size_t)suffix_length + 6) return NULL;
    char *letters = template + length - suffix_length - 6;
    if (strncmp(letters, "XXXXXX", 6) != 0) return NULL;
    char *name = strrchr(template, '/');
    name = name == NULL ? template : name + 1;
    if (suffix_length == 0 && strncmp(name, ".dat.nosync", 11) == 0 && letters > name + 12) {
        // `.dat.nosync<pid>.XXXXXX` becomes `.dat.nosync.XXXXXX`.
        memmove(name + 11, letters - 1, 8);
        letters = name + 12;
    }
    return letters;
}

// Weak: an executable that links PhotoSim's own mktemp (CMktemp, the tools') keeps that one.
__attribute__((weak)) char *mktemp(char *template) {
    char *(*system_mktemp)(char *) = SYSTEM_FUNCTION(char *(*)(char *), "mktemp");
    if (!world_active) return system_mktemp(template);
    char *letters = template_letters(template, 0);
    if (letters == NULL) { errno = EINVAL; template[0] = '\0'; return template; }
    for (int attempt = 0; attempt < 100; attempt++) {
        world_letters(letters, 6);
        struct stat status;
        if (lstat(template, &status) != 0 && errno == ENOENT) return template;
    }
    errno = EEXIST;
    template[0] = '\0';
    return template;
}

int mkostemps(char *template, int suffix_length, int flags) {
    int (*system_mkostemps)(char *, int, int) = SYSTEM_FUNCTION(int (*)(char *, int, int), "mkostemps");
    if (!world_active) return system_mkostemps(template, suffix_length, flags);
    char *letters = template_letters(template, suffix_length);
    if (letters == NULL) { errno = EINVAL; return -1; }
    for (int attempt = 0; attempt < 100; attempt++) {
        world_letters(letters, 6);
        int descriptor = open(template, (flags & ~O_ACCMODE) | O_RDWR | O_CREAT | O_EXCL, 0600);
        if (descriptor >= 0 || errno != EEXIST) return descriptor;
    }
    errno = EEXIST;
    return -1;
}

int mkstemp(char *template) { return mkostemps(template, 0, 0); }
int mkostemp(char *template, int flags) { return mkostemps(template, 0, flags); }
int mkstemps(char *template, int suffix_length) { return mkostemps(template, suffix_length, 0); }
int mkstemp64(char *template) { return mkostemps(template, 0, 0); }
