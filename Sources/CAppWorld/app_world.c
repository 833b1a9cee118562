// The world's wall clock and random source inside an app process (CAppWorld.h).
//
// The executable defines the functions below, so calls from the app's code and from the
// libraries it links (Foundation, libdispatch, the Swift runtime) reach these first: a
// dynamically linked executable exports a definition that a shared library it links refers
// to, and the dynamic linker binds those references to it. The system's own functions are
// reached through `dlsym(RTLD_NEXT, …)` or the system call.

#define _GNU_SOURCE
#include "CAppWorld.h"
#include "app_world_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

int world_active = 0;
int64_t world_realtime_ns = 0;
uint64_t world_seed = 0;
static uint64_t world_random_state = 0;

static void fill_random(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    while (count > 0) {
        uint64_t word = splitmix64_next(&world_random_state);
        size_t chunk = count < sizeof word ? count : sizeof word;
        memcpy(bytes, &word, chunk);
        bytes += chunk;
        count -= chunk;
    }
}

__attribute__((constructor)) static void read_world(void) {
    const char *text = getenv("PHOTOSIM_APP_WORLD");
    if (text == NULL) return;
    char *end = NULL;
    long long realtime = strtoll(text, &end, 10);
    if (end == NULL || *end != ',') return;
    unsigned long long seed = strtoull(end + 1, &end, 10);
    if (end == NULL || *end != '\0') return;
    world_realtime_ns = realtime;
    world_random_state = seed;
    world_seed = seed;
    world_active = 1;
    start_disk_faults();
    start_work_scheduler();
}

int photosim_app_world_active(void) { return world_active; }
int64_t photosim_app_world_realtime_ns(void) { return world_realtime_ns; }
uint64_t photosim_app_world_seed(void) { return world_seed; }
void photosim_app_world_set_realtime_ns(int64_t nanoseconds) { world_realtime_ns = nanoseconds; }

static int is_wall_clock(clockid_t clock) {
    return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE;
}

int clock_gettime(clockid_t clock, struct timespec *time) {
    if (world_active && is_wall_clock(clock)) {
        time->tv_sec = (time_t)(world_realtime_ns / 1000000000LL);
        time->tv_nsec = (long)(world_realtime_ns % 1000000000LL);
        return 0;
    }
    // The uptime clocks: CLOCK_BOOTTIME (libdispatch's continuous clock, ContinuousClock),
    // CLOCK_MONOTONIC (CoreFoundation's run-loop timers, SuspendingClock,
    // ProcessInfo.systemUptime) and their raw and coarse forms, all the world's uptime while its
    // scheduler runs.
    int64_t boottime;
    int uptime_clock = clock == CLOCK_BOOTTIME || clock == CLOCK_MONOTONIC || clock == CLOCK_MONOTONIC_RAW
        || clock == CLOCK_MONOTONIC_COARSE;
    if (world_active && uptime_clock && world_boottime_ns(&boottime)) {
        time->tv_sec = (time_t)(boottime / 1000000000LL);
        time->tv_nsec = (long)(boottime % 1000000000LL);
        return 0;
    }
    static int (*system_clock_gettime)(clockid_t, struct timespec *) = NULL;
    if (system_clock_gettime == NULL) system_clock_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    if (system_clock_gettime != NULL) return system_clock_gettime(clock, time);
    return (int)syscall(SYS_clock_gettime, clock, time);
}

int gettimeofday(struct timeval *restrict time, void *restrict zone) {
    if (world_active) {
        time->tv_sec = (time_t)(world_realtime_ns / 1000000000LL);
        time->tv_usec = (suseconds_t)(world_realtime_ns % 1000000000LL / 1000);
        if (zone != NULL) memset(zone, 0, sizeof(struct timezone));
        return 0;
    }
    static int (*system_gettimeofday)(struct timeval *restrict, void *restrict) = NULL;
    if (system_gettimeofday == NULL) system_gettimeofday = (int (*)(struct timeval *restrict, void *restrict))dlsym(RTLD_NEXT, "gettimeofday");
    if (system_gettimeofday != NULL) return system_gettimeofday(time, zone);
    return (int)syscall(SYS_gettimeofday, time, zone);
}

time_t time(time_t *result) {
    time_t now;
    if (world_active) {
        now = (time_t)(world_realtime_ns / 1000000000LL);
    } else {
        struct timespec system;
        clock_gettime(CLOCK_REALTIME, &system);
        now = system.tv_sec;
    }
    if (result != NULL) *result = now;
    return now;
}

/// What the Swift runtime's `SystemRandomNumberGenerator` reads (stdlib/public/stubs/Random.cpp).
void swift_stdlib_random(void *buffer, size_t count) {
    arc4random_buf(buffer, count);
}

ssize_t getrandom(void *buffer, size_t count, unsigned int flags) {
    if (world_active) { fill_random(buffer, count); return (ssize_t)count; }
    return (ssize_t)syscall(SYS_getrandom, buffer, count, flags);
}

int getentropy(void *buffer, size_t count) {
    if (count > 256) { errno = EIO; return -1; }
    if (world_active) { fill_random(buffer, count); return 0; }
    unsigned char *bytes = buffer;
    while (count > 0) {
        long got = syscall(SYS_getrandom, bytes, count, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        bytes += got;
        count -= (size_t)got;
    }
    return 0;
}

// glibc's arc4random family (2.36, stdlib.h) draws from the kernel through an internal
// getrandom call, past the interposed one above: while the world is in force it draws from
// the world's stream. `arc4random_uniform` rejects the low values that would bias the modulo,
// as OpenBSD's and glibc's do.
static void host_random(void *buffer, size_t count) {
    unsigned char *bytes = buffer;
    while (count > 0) {
        long got = syscall(SYS_getrandom, bytes, count, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            abort();
        }
        bytes += got;
        count -= (size_t)got;
    }
}

void arc4random_buf(void *buffer, size_t count) {
    if (world_active) fill_random(buffer, count); else host_random(buffer, count);
}

uint32_t arc4random(void) {
    uint32_t value;
    arc4random_buf(&value, sizeof value);
    return value;
}

uint32_t arc4random_uniform(uint32_t upper_bound) {
    if (upper_bound < 2) return 0;
    uint32_t minimum = (uint32_t)(-upper_bound) % upper_bound;
    for (;;) {
        uint32_t value = arc4random();
        if (value >= minimum) return value % upper_bound;
    }
}

// `/dev/urandom` and `/dev/random`, which Foundation's `UUID()` reads (swift-foundation's
// uuid shim opens and reads the device): while the world is in force, a descriptor opened on
// either reads the world's stream. The descriptor itself is a real one (of `/dev/null`), so
// that `close`, `fstat` and `dup` behave; only `read` of it is answered here.

enum { random_descriptor_slots = 16 };
static int random_descriptors[random_descriptor_slots] = { -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1 };

static int is_random_descriptor(int descriptor) {
    if (descriptor < 0) return 0;
    for (int slot = 0; slot < random_descriptor_slots; slot++) {
        if (random_descriptors[slot] == descriptor) return 1;
    }
    return 0;
}

static int is_random_device(const char *path) {
    return path != NULL && (strcmp(path, "/dev/urandom") == 0 || strcmp(path, "/dev/random") == 0);
}

static int system_open(const char *path, int flags, mode_t mode) {
    static int (*open_function)(const char *, int, ...) = NULL;
    if (open_function == NULL) open_function = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
    if (open_function != NULL) return open_function(path, flags, mode);
    return (int)syscall(SYS_openat, AT_FDCWD, path, flags, mode);
}

int open(const char *path, int flags, ...) {
    mode_t mode = 0;
    if ((flags & O_CREAT) != 0 || (flags & O_TMPFILE) == O_TMPFILE) {
        va_list arguments;
        va_start(arguments, flags);
        mode = (mode_t)va_arg(arguments, int);
        va_end(arguments);
    }
    if (world_active && is_random_device(path)) {
        int descriptor = system_open("/dev/null", O_RDONLY | (flags & O_CLOEXEC), 0);
        if (descriptor < 0) return descriptor;
        for (int slot = 0; slot < random_descriptor_slots; slot++) {
            if (random_descriptors[slot] < 0) { random_descriptors[slot] = descriptor; return descriptor; }
        }
        // More random devices open at once than slots: the caller gets the system's device.
        close(descriptor);
    }
    int descriptor = system_open(path, flags, mode);
    if (descriptor >= 0) faults_note_open(descriptor, AT_FDCWD, path, flags);
    return descriptor;
}

ssize_t read(int descriptor, void *buffer, size_t count) {
    if (world_active && is_random_descriptor(descriptor)) {
        fill_random(buffer, count);
        return (ssize_t)count;
    }
    if (faults_read_fails(descriptor) != 0) return -1;
    static ssize_t (*read_function)(int, void *, size_t) = NULL;
    if (read_function == NULL) read_function = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    if (read_function != NULL) return read_function(descriptor, buffer, count);
    return (ssize_t)syscall(SYS_read, descriptor, buffer, count);
}

int close(int descriptor) {
    for (int slot = 0; slot < random_descriptor_slots; slot++) {
        if (random_descriptors[slot] == descriptor) random_descriptors[slot] = -1;
    }
    char *moment = faults_note_close(descriptor);
    static int (*close_function)(int) = NULL;
    if (close_function == NULL) close_function = (int (*)(int))dlsym(RTLD_NEXT, "close");
    int result = close_function != NULL ? close_function(descriptor) : (int)syscall(SYS_close, descriptor);
    faults_moment(moment);
    return result;
}

// The Swift runtime's own `swift_stdlib_random` (behind `Int.random(in:)` and every generic
// use of `SystemRandomNumberGenerator` inside libswiftCore, which calls it directly) asks the
// kernel through `syscall(SYS_getrandom, …)`: that system call is answered from the world too.
// Every other number goes to the system's `syscall` with the arguments as given (the system
// call convention passes at most six, all in registers).
long syscall(long number, ...) {
    va_list list;
    va_start(list, number);
    long arguments[6];
    for (int index = 0; index < 6; index++) arguments[index] = va_arg(list, long);
    va_end(list);
    if (world_active && number == SYS_getrandom) {
        fill_random((void *)arguments[0], (size_t)arguments[1]);
        return arguments[1];
    }
    static long (*system_syscall)(long, ...) = NULL;
    if (system_syscall == NULL) system_syscall = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
    return system_syscall(number, arguments[0], arguments[1], arguments[2], arguments[3], arguments[4], arguments[5]);
}

// Waits until an absolute time of the wall clock: the app computes the deadline from the
// world's clock (libdispatch turns `semaphore.wait(timeout:)` into `sem_timedwait` at "now"
// on CLOCK_REALTIME plus the timeout; `NSCondition.wait(until:)` hands its Date to
// `pthread_cond_timedwait`), but the kernel waits on the host's. The deadline is moved by the
// difference between the two clocks, so a wait lasts as long as the app asked.

static struct timespec host_deadline(const struct timespec *world_deadline) {
    int64_t asked_ns = (int64_t)world_deadline->tv_sec * 1000000000LL + world_deadline->tv_nsec;
    // A deadline far from the world's wall clock is not one of its times (a condition or
    // semaphore waiting on the monotonic clock, a deadline of zero): it is kept as it is.
    const int64_t ten_years_ns = 10LL * 366 * 24 * 3600 * 1000000000LL;
    if (asked_ns < world_realtime_ns - ten_years_ns || asked_ns > world_realtime_ns + ten_years_ns) return *world_deadline;
    struct timespec host_now;
    syscall(SYS_clock_gettime, CLOCK_REALTIME, &host_now);
    int64_t host_now_ns = (int64_t)host_now.tv_sec * 1000000000LL + host_now.tv_nsec;
    int64_t moved = asked_ns - world_realtime_ns + host_now_ns;
    struct timespec result = { .tv_sec = (time_t)(moved / 1000000000LL), .tv_nsec = (long)(moved % 1000000000LL) };
    if (result.tv_nsec < 0) { result.tv_nsec += 1000000000L; result.tv_sec -= 1; }
    return result;
}

int sem_timedwait(sem_t *restrict semaphore, const struct timespec *restrict deadline) {
    static int (*system_sem_timedwait)(sem_t *restrict, const struct timespec *restrict) = NULL;
    if (system_sem_timedwait == NULL) system_sem_timedwait = (int (*)(sem_t *restrict, const struct timespec *restrict))dlsym(RTLD_NEXT, "sem_timedwait");
    if (world_active) {
        struct timespec moved = host_deadline(deadline);
        return system_sem_timedwait(semaphore, &moved);
    }
    return system_sem_timedwait(semaphore, deadline);
}

int pthread_cond_timedwait(pthread_cond_t *restrict condition, pthread_mutex_t *restrict mutex, const struct timespec *restrict deadline) {
    static int (*system_wait)(pthread_cond_t *restrict, pthread_mutex_t *restrict, const struct timespec *restrict) = NULL;
    if (system_wait == NULL) {
        // The default version, as a program built against this glibc binds it.
        system_wait = (int (*)(pthread_cond_t *restrict, pthread_mutex_t *restrict, const struct timespec *restrict))dlvsym(RTLD_NEXT, "pthread_cond_timedwait", "GLIBC_2.3.2");
        if (system_wait == NULL) system_wait = (int (*)(pthread_cond_t *restrict, pthread_mutex_t *restrict, const struct timespec *restrict))dlsym(RTLD_NEXT, "pthread_cond_timedwait");
    }
    // A condition set to wait on the monotonic clock (pthread_condattr_setclock) has a deadline
    // far from the world's wall clock, which host_deadline keeps.
    if (world_active) {
        struct timespec moved = host_deadline(deadline);
        return system_wait(condition, mutex, &moved);
    }
    return system_wait(condition, mutex, deadline);
}

int pthread_mutex_timedlock(pthread_mutex_t *restrict mutex, const struct timespec *restrict deadline) {
    static int (*system_lock)(pthread_mutex_t *restrict, const struct timespec *restrict) = NULL;
    if (system_lock == NULL) system_lock = (int (*)(pthread_mutex_t *restrict, const struct timespec *restrict))dlsym(RTLD_NEXT, "pthread_mutex_timedlock");
    if (world_active) {
        struct timespec moved = host_deadline(deadline);
        return system_lock(mutex, &moved);
    }
    return system_lock(mutex, deadline);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remaining) {
    static int (*system_sleep)(clockid_t, int, const struct timespec *, struct timespec *) = NULL;
    if (system_sleep == NULL) system_sleep = (int (*)(clockid_t, int, const struct timespec *, struct timespec *))dlsym(RTLD_NEXT, "clock_nanosleep");
    if (world_active && is_wall_clock(clock) && (flags & TIMER_ABSTIME) != 0) {
        struct timespec moved = host_deadline(request);
        return system_sleep(CLOCK_REALTIME, flags, &moved, remaining);
    }
    return system_sleep(clock, flags, request, remaining);
}
