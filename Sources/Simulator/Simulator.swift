// The headless iOS stand-in, as one import for code above it (the scenario runner, a team's
// tests and runner): every room of the simulator, each its own target.
//
//   World               the deterministic ground: seed streams, virtual clock, scheduler, trace
//   DeviceStore         the device set on disk: devices, bundles, privacy, media libraries, locks
//   Faults              the fault layer of an app on its device (and the SQLite fault VFS)
//   AppRuntime          the app host: launch, lifecycle, memory and jetsam, leaks, checkers
//   Rendering           drawing what a device shows (cairo and Pango, opened on first use)
//   SimctlPresentation  simctl's words: Apple's texts, exit statuses, listings, JSON
//
// A room imports only the rooms below it (ARCHITECTURE.md; `RoomLayoutTests` reads the import
// lines), never this module.
@_exported import AppRuntime
@_exported import DeviceStore
@_exported import Faults
@_exported import Rendering
@_exported import SimctlPresentation
@_exported import World
