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

#endif
