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

/// The seed the world was started with (0 when it is not in force).
uint64_t photosim_app_world_seed(void);

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

/// Called as a block of a queue the app labelled starts, with "run" (async) or "sync", the
/// queue's label and whether the block is a barrier; NULL stops. Global queues, queues that
/// target the main queue and labels with an address in them (Foundation's operation queues,
/// `0x…`), Apple's prefix (`com.apple.`) or the SDK's own (`photosim.`) are not reported: their
/// names are not the app's, or not the same on every run (a label past 127 bytes is cut there).
/// Called on the main thread (the scheduler runs only while it waits) with the scheduler's lock
/// held: the reporter must not call into libdispatch; it notes the line, and may end the process
/// there (a kill waiting for that line).
typedef void (*photosim_work_reporter)(const char *verb, const char *label, int barrier);
void photosim_app_work_set_reporter(photosim_work_reporter report);

/// When the app did something the scheduler cannot order (a thread of its own), or its work
/// cannot be the scheduler's (libdispatch linked from its static archive), writes what into
/// `buffer` the first time and returns 1; else 0.
int photosim_app_work_escape(char *buffer, int capacity);

// Disk faults (docs/faults.md, "In an app process"): the C library's file calls on the app's
// data container (write, pwrite, writev, fsync, fdatasync, rename, renameat, unlink, rmdir,
// mkdir and their `at` forms; read with a rule that names it) first meet the rules and the
// rate the simulator gave (app_faults.c). Kinds and operations are Core's words.

/// Called with the text of each fault as it fires
/// (`fault diskFull on write Documents/a.txt (rule diskFull on write #1 of Documents/*)`).
typedef void (*photosim_fault_reporter)(const char *line);
void photosim_faults_set_reporter(photosim_fault_reporter report);

/// A rule: the `nth` matching call from now (`pattern` an fnmatch pattern on the
/// container-relative path, NULL for any) fails with `kind`; `description` names it in the
/// report. Returns 0 for a kind or operation it does not know, or when 64 rules wait.
int photosim_faults_add_rule(const char *kind, const char *operation, int nth, const char *pattern, const char *description);

/// While 1, this thread's file calls meet no fault: UIKit does the system's work for the app
/// (the picker's copy of a photo, which iOS's picker process writes).
void photosim_faults_pause(int pause);

/// Called with the trace's words for each file the app finishes writing (closes after writing,
/// or renames into place: `file written Documents/a.txt (5 bytes)`) or removes (`file removed
/// …`), as it happens; NULL stops. Foundation's temporary files are left out.
void photosim_faults_set_moment_reporter(photosim_fault_reporter report);

/// Every later write, sync, remove and rename fails with this chance, drawn from the seed.
void photosim_faults_set_rate(double rate);

/// How many calls that can change the data container the process has made since it started:
/// opens that may create or empty a file, writes, syncs, renames, removals, new folders and
/// links, and size changes (`ftruncate`, `truncate`, `fallocate`), the system's own work included. The
/// same number after a step as before it means the step left the container as it was, which
/// a checkup reads without a clock (file times are too coarse to tell). -1 in a process that
/// runs outside the world (launched with no world's clock), which counts nothing.
long long photosim_faults_change_count(void);

#endif
