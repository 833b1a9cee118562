#ifndef PHOTOSIM_CAPPWORLD_H
#define PHOTOSIM_CAPPWORLD_H

#include <stdint.h>

// The simulated world inside an app process: the wall clock and the random source the app's
// code reads come from the world, not from the host.
//
// A process the simulator launches gets `PHOTOSIM_APP_WORLD=<wall clock ns>,<seed>` in its
// environment; before any Swift code runs, this library reads it and from then on
// `clock_gettime(CLOCK_REALTIME)`, `gettimeofday`, `time` (so `Date()` and
// `CFAbsoluteTimeGetCurrent()`) answer the world's wall clock, and `swift_stdlib_random`,
// `getrandom`, `getentropy` and reads of `/dev/urandom` and `/dev/random` (so `UUID()`,
// `SystemRandomNumberGenerator`, `Int.random(in:)`) draw from a generator seeded with the seed. Without the variable every call goes to the
// system, unchanged.

/// Whether the world's clock and randomness are in force in this process.
int photosim_app_world_active(void);

/// The world's wall clock, in nanoseconds since 1970.
int64_t photosim_app_world_realtime_ns(void);

/// Sets the world's wall clock (the simulator advanced it).
void photosim_app_world_set_realtime_ns(int64_t nanoseconds);

// The app's work (docs/determinism.md): blocks given to libdispatch's queues other than the
// main queue, its semaphores, groups, `sync`, `asyncAfter` and `DispatchTime.now()` are the
// world's scheduler's while the world is in force (app_work.c). UIKit runs the scheduler
// between rounds of the main queue.

/// A step of the simulator begins: timers due within `span_ns` of the world's clock may fire
/// while it settles.
void photosim_app_work_begin_step(int64_t span_ns);

/// Runs the app's waiting work and the timers due in this step, on the scheduler's threads
/// while the main thread waits, until nothing more can run; returns 1 when something ran.
/// `run_loop_timer_ns` is when the main run loop's next timer fires (world wall-clock
/// nanoseconds since 1970; 0 for none): when it is due within the step, only what falls due
/// before it runs, then the clock moves to it (returning 1) for the run loop to fire it.
int photosim_app_work_run(int64_t run_loop_timer_ns);

/// The step has settled: the world's clock is at least at the end of the step's span.
void photosim_app_work_end_step(void);

/// When the app did something the scheduler cannot order (a thread of its own), or its work
/// cannot be the scheduler's (libdispatch linked from its static archive), writes what into
/// `buffer` the first time and returns 1; else 0.
int photosim_app_work_escape(char *buffer, int capacity);

#endif
