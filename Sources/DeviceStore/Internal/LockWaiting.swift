import Core

/// How the set's and the media library's locks wait between attempts: Core's ``BusyWaiting``
/// seam, which SQLite's busy handler shares, so the command line passes one live waiter to both.
///
/// The command line passes a live implementation (a monotonic clock and `nanosleep`); tests pass
/// ``VirtualLockWaiting``, whose time moves only when it is asked to pause.
public typealias LockWaiting = BusyWaiting

/// A lock waiter whose time is virtual: Core's ``VirtualBusyWaiting``.
public typealias VirtualLockWaiting = VirtualBusyWaiting
