// A launch without exec (CAppWorld.h, "Launching from a loaded image").
//
// Most of an app process's start is the dynamic linker's: mapping some thirty libraries and
// binding their symbols takes far longer than the app's own launch. A process started with
// `PHOTOSIM_APP_ZYGOTE=<descriptor>` stops at the executable's pre-initialisers, the earliest
// code that runs after the linker is done and before any library's initialiser (the Swift
// runtime's, Foundation's, libdispatch's, this library's), and serves launches from there: for
// each request it makes a copy of itself and the copy goes on to start as a freshly executed
// one would, in the environment and with the descriptors of the request. The copy is made the
// simulator's child (CLONE_PARENT), so the simulator waits for it and reads how it ended as it
// does for a process it spawned.
//
// Nothing of the app has run in the image that is copied: no initialiser, no thread, no lock
// held, no environment read (Foundation caches HOME and XDG_CONFIG_HOME as it initialises).
// At the pre-initialisers the C library's `environ` is not set yet: it is set afterwards to
// the array the kernel gave the process, so the copy writes its environment into that array,
// which the simulator made long enough with placeholder entries.

#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

/// The process's own environment array and how many entries it has room for.
static char **initial_environment = NULL;
static size_t initial_capacity = 0;

/// The largest request: the environment's `NAME=value` entries, each ending in a NUL.
enum { request_capacity = 256 * 1024 };

static void zygote_close(int descriptor) { syscall(SYS_close, (long)descriptor, 0L, 0L, 0L, 0L, 0L); }

static int zygote_dup2(int from, int to) {
    if (from == to) return to;
    return (int)syscall(SYS_dup2, (long)from, (long)to, 0L, 0L, 0L, 0L);
}

static void zygote_answer(int control, int32_t value) {
    struct iovec part = { .iov_base = &value, .iov_len = sizeof value };
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1 };
    while (sendmsg(control, &message, MSG_NOSIGNAL) < 0 && errno == EINTR) {}
}

static size_t zygote_entry_count(const char *entries, size_t length) {
    size_t count = 0;
    for (size_t index = 0; index < length; index++) if (entries[index] == '\0') count++;
    return count;
}

/// Writes `length` bytes of NUL-ended entries into the process's environment array, in place.
static void zygote_set_environment(char *entries, size_t length) {
    size_t entry = 0;
    char *start = entries;
    for (size_t index = 0; index < length; index++) {
        if (entries[index] != '\0') continue;
        initial_environment[entry++] = start;
        start = entries + index + 1;
    }
    initial_environment[entry] = NULL;
}

/// The main thread's robust-mutex list as glibc registered it.
static void *robust_head = NULL;
static size_t robust_length = 0;

/// Serves launches on `control` until the simulator closes it; returns only in a copy, which
/// then starts as the app.
static void zygote_serve(int control) {
    syscall(SYS_get_robust_list, 0L, (long)&robust_head, (long)&robust_length, 0L, 0L, 0L);
    char *request = malloc(request_capacity);
    if (request == NULL) _exit(70);
    for (;;) {
        union {
            struct cmsghdr header;
            char space[CMSG_SPACE(2 * sizeof(int))];
        } control_data;
        struct iovec part = { .iov_base = request, .iov_len = request_capacity };
        struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1,
                                  .msg_control = control_data.space, .msg_controllen = sizeof control_data.space };
        ssize_t received = recvmsg(control, &message, MSG_CMSG_CLOEXEC);
        if (received < 0 && errno == EINTR) continue;
        // The simulator went away, or closed the pool.
        if (received <= 0) _exit(0);
        // Exactly one message of two descriptors; any other descriptor that came is closed, so
        // that no copy inherits it.
        int descriptors[2] = { -1, -1 };
        int shaped = 0;
        for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
            if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
            size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            int *carried = (int *)CMSG_DATA(header);
            if (!shaped && count == 2) {
                memcpy(descriptors, carried, sizeof descriptors);
                shaped = 1;
                continue;
            }
            for (size_t index = 0; index < count; index++) zygote_close(carried[index]);
        }
        int channel = descriptors[0], console = descriptors[1];
        if (channel < 0 || console < 0 || (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0
            || request[received - 1] != '\0') {
            if (channel >= 0) zygote_close(channel);
            if (console >= 0) zygote_close(console);
            zygote_answer(control, -EINVAL);
            continue;
        }
        if (zygote_entry_count(request, (size_t)received) > initial_capacity) {
            zygote_close(channel);
            zygote_close(console);
            zygote_answer(control, -E2BIG);
            continue;
        }
        // A fork whose child is the simulator's, as a spawned process is. No fork handler is
        // registered yet (no library has initialised), so the system call is all fork does here.
        long child = syscall(SYS_clone, (long)(CLONE_PARENT | SIGCHLD), 0L, 0L, 0L, 0L, 0L);
        if (child == 0) {
            zygote_close(control);
            // The kernel clears a fork's robust-mutex list; glibc's fork registers the thread's
            // again, and so does this.
            if (robust_head != NULL) syscall(SYS_set_robust_list, (long)robust_head, (long)robust_length, 0L, 0L, 0L, 0L);
            // The descriptors a spawned app has: standard input stays /dev/null, standard output
            // and error go to the console, the channel is descriptor 3.
            int moved_channel = channel;
            if (channel == STDOUT_FILENO || channel == STDERR_FILENO) moved_channel = (int)syscall(SYS_dup, (long)channel, 0L, 0L, 0L, 0L, 0L);
            if (zygote_dup2(console, STDOUT_FILENO) < 0 || zygote_dup2(console, STDERR_FILENO) < 0
                || zygote_dup2(moved_channel, 3) < 0) _exit(71);
            // dup2 clears close-on-exec on the copies; the originals go.
            if (console > STDERR_FILENO) zygote_close(console);
            if (moved_channel != 3) zygote_close(moved_channel);
            if (channel != moved_channel && channel != 3 && channel > STDERR_FILENO) zygote_close(channel);
            // The request's buffer is the copy's own now, and holds its environment.
            zygote_set_environment(request, (size_t)received);
            return;
        }
        zygote_close(channel);
        zygote_close(console);
        zygote_answer(control, child < 0 ? -errno : (int32_t)child);
    }
}

static void zygote_preinit(int argc, char **argv, char **envp) {
    (void)argc; (void)argv;
    static const char name[] = "PHOTOSIM_APP_ZYGOTE=";
    const char *text = NULL;
    size_t count = 0;
    for (; envp != NULL && envp[count] != NULL; count++) {
        if (strncmp(envp[count], name, sizeof name - 1) == 0) text = envp[count] + sizeof name - 1;
    }
    if (text == NULL) return;
    initial_environment = envp;
    initial_capacity = count;
    char *end = NULL;
    long control = strtol(text, &end, 10);
    if (end == text || *end != '\0' || control < 0) _exit(64);
    // The image ends with the simulator: its end of the socket closes with the simulator's
    // process (no parent-death signal, which follows the thread that spawned the image, and the
    // simulator's worker threads come and go).
    // Only the control socket and the standard descriptors stay: whatever else the simulator
    // left open without close-on-exec would otherwise reach every copy, which never execs.
    if (control != 3 || syscall(SYS_close_range, 4L, (long)~0U, 0L, 0L, 0L, 0L) != 0) {
        for (int descriptor = 3; descriptor < 1024; descriptor++) if (descriptor != control) zygote_close(descriptor);
    }
    // Ready: the simulator learns that this executable launches this way.
    zygote_answer((int)control, 0);
    zygote_serve((int)control);
}

// The executable's pre-initialisers run before every shared library's initialisers.
__attribute__((section(".preinit_array"), used))
static void (*const photosim_zygote_preinit)(int, char **, char **) = zygote_preinit;
