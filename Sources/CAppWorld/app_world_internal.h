// What the two halves of CAppWorld share: the world's clock and seed (app_world.c) and the
// scheduler of the app's work (app_work.c). Not part of the module's interface.
#ifndef PHOTOSIM_APP_WORLD_INTERNAL_H
#define PHOTOSIM_APP_WORLD_INTERNAL_H

#include <stdint.h>

__attribute__((visibility("hidden"))) extern int world_active;
__attribute__((visibility("hidden"))) extern int64_t world_realtime_ns;
__attribute__((visibility("hidden"))) extern uint64_t world_seed;

/// Starts scheduling libdispatch work on the world's scheduler (app_work.c); called once the
/// world is read, on the main thread, before any Swift code runs.
__attribute__((visibility("hidden"))) void start_work_scheduler(void);

/// Starts the disk-fault layer on the app's data container (app_faults.c); called once the
/// world is read.
__attribute__((visibility("hidden"))) void start_disk_faults(void);

/// The fault layer follows the container's descriptors from the calls that open and close them.
__attribute__((visibility("hidden"))) void faults_note_open(int descriptor, int directory, const char *path, int flags);
/// Returns the trace's words for a file the app finished writing through `descriptor`, for
/// ``faults_moment`` once the descriptor is closed (NULL when nobody listens).
__attribute__((visibility("hidden"))) char *faults_note_close(int descriptor);
/// Tells the listener of `line` (a file written or removed) and frees it; NULL does nothing.
__attribute__((visibility("hidden"))) void faults_moment(char *line);
/// -1 with errno set when a read of `descriptor` meets a fault, else 0.
__attribute__((visibility("hidden"))) int faults_read_fails(int descriptor);

/// The world's time since the device started, which CLOCK_BOOTTIME (Swift's `ContinuousClock`,
/// libdispatch's continuous clock) reads while the app's work is the scheduler's; returns 0 when
/// it is not.
__attribute__((visibility("hidden"))) int world_boottime_ns(int64_t *nanoseconds);

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): the next 64 bits of the stream whose state is `*state`.
static inline uint64_t splitmix64_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

#endif
