// Its API speaks the channel's words (HostMessage, SettledStep, ElementNode): whoever drives an app
// process through it gets them with it.
@_exported import AppChannel
import Core
import DeviceStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An app running in its own process, as on iOS: the executable of its `.app` bundle, started
/// with its environment pointing at its data container and a channel to the simulator
/// (`AppChannel`). Every step is a message and its settled answer; nothing of the app lives in
/// the simulator's process, so a relaunch starts from nothing.
///
/// ```swift
/// let app = try LaunchedApp.launch(bundle: bundle, container: container, device: .init(name: "iPhone 15", udid: udid))
/// try app.send(.memoryWarning)
/// let ending = app.kill()      // .signalled(SIGKILL)
/// ```
public final class LaunchedApp {
    /// The device an app is launched on, as its environment and screen name it.
    public struct Device: Sendable, Equatable {
        public var name: String
        public var udid: String
        public var screen: LaunchRequest
        /// The system version (`17.0`): `UIDevice.current.systemVersion`.
        public var runtimeVersion: String

        public init(name: String, udid: String,
                    screen: LaunchRequest = LaunchRequest(screenWidth: 393, screenHeight: 852, screenScale: 3, idiom: "phone"),
                    runtimeVersion: String = "17.0") {
            self.name = name
            self.udid = udid
            self.screen = screen
            self.runtimeVersion = runtimeVersion
        }
    }

    /// How a process ended.
    public enum Ending: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let status): return "exited with status \(status)"
            case .signalled(let signal): return "ended by signal \(signal) (\(String(cString: strsignal(signal))))"
            }
        }
    }

    public let bundle: AppBundle
    public let container: String
    public let pid: pid_t
    /// Where the process's standard output and error go (the app's console).
    public let consolePath: String
    /// The last settled answer.
    public private(set) var latest: SettledStep
    /// How long one answer may take before the app is taken as hung: a bound, never a pace.
    public let answerBound: Double
    private let channel: AppChannel
    private var ending: Ending?
    /// Where this launch's lines start in the console (a relaunch appends to the same file).
    private var consoleStart: UInt64 = 0

    private init(bundle: AppBundle, container: String, pid: pid_t, consolePath: String, channel: AppChannel,
                 answerBound: Double, latest: SettledStep) {
        self.bundle = bundle
        self.container = container
        self.pid = pid
        self.consolePath = consolePath
        self.channel = channel
        self.answerBound = answerBound
        self.latest = latest
    }

    deinit {
        if ending == nil { _ = kill() }
        close(channel.readDescriptor)
    }

    /// The environment the iOS Simulator gives an app (`HOME`, `CFFIXED_USER_HOME` and `TMPDIR`
    /// in its container, the `SIMULATOR_*` names of its device), with `XDG_CONFIG_HOME` at the
    /// container's `Library/Preferences` so that Foundation's `UserDefaults.standard` writes
    /// `Library/Preferences/<bundle id>.plist` there.
    public static func environment(container: String, device: Device, bundle: AppBundle) -> [String: String] {
        [
            "HOME": container,
            "CFFIXED_USER_HOME": container,
            "TMPDIR": container.appendingPathComponent("tmp") + "/",
            "XDG_CONFIG_HOME": container.appendingPathComponent("Library/Preferences"),
            "PATH": "/usr/bin:/bin",
            "SIMULATOR_DEVICE_NAME": device.name,
            "SIMULATOR_UDID": device.udid,
            "SIMULATOR_RUNTIME_VERSION": device.runtimeVersion,
            "SIMULATOR_HOST_HOME": container,
            "SIMULATOR_SHARED_RESOURCES_DIRECTORY": container.deletingLastPathComponent,
            "XPC_SERVICE_NAME": "UIKitApplication:\(bundle.bundleIdentifier.rawValue)",
            // A crash prints its reason and ends at once; the Swift runtime's backtracer would
            // spend seconds symbolicating every crash a scenario provokes.
            "SWIFT_BACKTRACE": "enable=no",
        ]
    }

    /// Why an app could not be launched or did not answer.
    public enum LaunchError: Error, Equatable, CustomStringConvertible {
        case noExecutable(bundlePath: String)
        /// `CFBundleExecutable` names a file outside the bundle (a path, or a link out of it).
        case executableOutsideBundle(bundlePath: String, name: String)
        case notExecutable(path: String)
        case spawnFailed(path: String, errno: Int32)
        /// The app ended instead of answering: its ending and the reason its console gives.
        case ended(bundleIdentifier: String, ending: Ending, console: String)
        /// The app did not answer within the bound; it was ended (SIGKILL).
        case noAnswer(bundleIdentifier: String, seconds: Double)
        case channel(bundleIdentifier: String, reason: String)
        /// The app could not carry out the message (an element no longer there).
        case refused(bundleIdentifier: String, reason: String)
        /// The app made the trace line a kill waited for and was killed right after it
        /// (``HostMessage/killAtTraceEvent(containing:)``): the line and the step's events up to it.
        case killedAtTraceEvent(bundleIdentifier: String, line: String, events: [String])

        public var description: String {
            switch self {
            case .noExecutable(let path):
                return "\(path) names no CFBundleExecutable in its Info.plist; an app process needs one"
            case .executableOutsideBundle(let path, let name):
                return "\(path)'s CFBundleExecutable “\(name)” is not a file of the bundle; it must name the executable beside the Info.plist"
            case .notExecutable(let path):
                return "\(path) is not an executable file"
            case .spawnFailed(let path, let code):
                return "\(path) could not be started: \(String(cString: strerror(code)))"
            case .ended(let identifier, let ending, let console):
                return "\(identifier) \(ending)" + (console.isEmpty ? "" : "; its console ended with:\n\(console)")
            case .noAnswer(let identifier, let seconds):
                return "\(identifier) did not answer within \(seconds) s (its main thread is blocked)"
            case .channel(let identifier, let reason):
                return "the channel to \(identifier) failed: \(reason)"
            case .refused(let identifier, let reason):
                return "\(identifier) could not do that: \(reason)"
            case .killedAtTraceEvent(let identifier, let line, _):
                return "\(identifier) was killed at the trace line “\(line)”"
            }
        }
    }

    /// Starts `bundle`'s executable for `container` and lets it finish launching; returns once
    /// its first screen has settled.
    /// `arguments` follow the executable's path in its `argv`, as `simctl launch` passes them
    /// (`-key value` pairs land in `UserDefaults.standard`'s argument domain); `environment`
    /// is added to the simulator's (as `simctl launch` adds its `SIMCTL_CHILD_` variables);
    /// `world` gives the app the world's wall clock and random source (``AppWorld``); with a
    /// `pool` the process starts from the executable's loaded image when it can (``LaunchPool``).
    public static func launch(bundle: AppBundle, container: String, device: Device, consolePath: String? = nil,
                              arguments: [String] = [], environment extraEnvironment: [String: String] = [:],
                              world: AppWorld? = nil, memoryLimitBytes: Int? = nil,
                              library: ((LibraryRequest) -> LibraryAnswer)? = nil,
                              answerBound: Double = 30, pool: LaunchPool? = nil) throws(LaunchError) -> LaunchedApp {
        guard let executableName = bundle.executableName else { throw .noExecutable(bundlePath: bundle.path) }
        let executable = bundle.path.appendingPathComponent(executableName)
        // The executable is a file of the bundle itself: one name, no link out of it.
        let resolved = URL(fileURLWithPath: executable).resolvingSymlinksInPath().path
        guard !executableName.contains("/"), executableName != ".", executableName != "..",
              resolved.deletingLastPathComponent == URL(fileURLWithPath: bundle.path).resolvingSymlinksInPath().path else {
            throw .executableOutsideBundle(bundlePath: bundle.path, name: executableName)
        }
        guard access(executable, X_OK) == 0 else { throw .notExecutable(path: executable) }
        let console = consolePath ?? container.appendingPathComponent("tmp/\(bundle.bundleIdentifier.rawValue).console.log")
        var (simulatorEnd, appEnd) = try socketPair(path: executable)
        var environment = Self.environment(container: container, device: device, bundle: bundle)
            .merging(extraEnvironment) { _, added in added }
        environment[AppChannel.environmentKey] = "3,3"
        environment[AppChannel.versionKey] = String(AppChannel.version)
        if let world { environment[AppWorld.environmentKey] = world.environmentValue }
        let environmentLines = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let consoleStart = (try? FileManager.default.attributesOfItem(atPath: console)[.size] as? UInt64) ?? 0
        var pid: pid_t = 0
        var spawned: Int32 = 0
        if let pool, LaunchPool.canStart(arguments: arguments, addedEnvironment: extraEnvironment) {
            let consoleDescriptor = open(console, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            if consoleDescriptor >= 0 {
                let start = pool.start(executable: executable, environment: environmentLines, channel: appEnd, console: consoleDescriptor)
                close(consoleDescriptor)
                switch start {
                case .started(let started): pid = started
                case .notStarted: break
                case .requestLost:
                    // A copy may hold this channel: it reads its end, and the spawn gets another.
                    close(simulatorEnd)
                    close(appEnd)
                    (simulatorEnd, appEnd) = try socketPair(path: executable)
                }
            }
        }
        // The app's end is dup2'ed to 3; the simulator's end stays close-on-exec.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, console, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO)
        posix_spawn_file_actions_adddup2(&actions, appEnd, 3)
        // ETXTBSY: another thread of this process was writing an executable (a bundle being
        // installed) when one of its children forked, and that child holds the descriptor until
        // it execs; the race ends within microseconds, so the spawn is tried again a few times.
        for attempt in 0..<50 where pid == 0 {
            spawned = withCStrings([executable] + arguments) { arguments in
                withCStrings(environmentLines) { environmentPointer in
                    posix_spawn(&pid, executable, &actions, nil, arguments, environmentPointer)
                }
            }
            guard spawned == ETXTBSY else { break }
            usleep(useconds_t(1_000 * (attempt + 1)))
        }
        close(appEnd)
        guard spawned == 0 else {
            close(simulatorEnd)
            throw .spawnFailed(path: executable, errno: spawned)
        }
        let channel = AppChannel(readDescriptor: simulatorEnd, writeDescriptor: simulatorEnd)
        let placeholder = SettledStep(applicationState: "inactive",
                                      tree: ElementNode(id: 0, kind: "window", frame: []), events: [], presentations: [],
                                      mainQueueRounds: 0)
        let app = LaunchedApp(bundle: bundle, container: container, pid: pid, consolePath: console, channel: channel,
                              answerBound: answerBound, latest: placeholder)
        app.consoleStart = consoleStart
        app.libraryHandler = library
        _ = try app.send(.launch(device.screen))
        app.baselineFootprintBytes = app.peakFootprintBytes ?? 0
        app.memoryLimitBytes = memoryLimitBytes
        return app
    }

    /// Sends `message` and returns the app's settled answer.
    @discardableResult
    public func send(_ message: HostMessage) throws(LaunchError) -> SettledStep {
        switch try exchange(message) {
        case .drawing(let drawing): return drawing.step
        case .settled(let step): return step
        }
    }

    /// The screen as it is now with what it takes to draw it (`HostMessage.draw`).
    public func drawing() throws(LaunchError) -> ScreenDrawing {
        switch try exchange(.draw) {
        case .drawing(let drawing): return drawing
        case .settled:
            throw .channel(bundleIdentifier: bundle.bundleIdentifier.rawValue, reason: "the app answered a drawing request with a step")
        }
    }

    /// Answers the app's questions for the device's photo library (``LibraryRequest``); without
    /// one the library is empty.
    public var libraryHandler: ((LibraryRequest) -> LibraryAnswer)?

    private static func emptyAnswer(to request: LibraryRequest) -> LibraryAnswer {
        switch request {
        case .assets: return .assets([])
        case .data: return .data(nil)
        case .answered: return .recorded
        case .add: return .refused("the device has no photo library")
        }
    }

    /// A settled answer: the step alone, or the step with its drawing.
    private enum Settled {
        case settled(SettledStep)
        case drawing(ScreenDrawing)
    }

    /// Sends `message` and reads its answer; a refusal, an ending or jetsam is thrown.
    private func exchange(_ message: HostMessage) throws(LaunchError) -> Settled {
        let identifier = bundle.bundleIdentifier.rawValue
        if let ending { throw .ended(bundleIdentifier: identifier, ending: ending, console: crashReason()) }
        do {
            try channel.send(message)
            var answer = try channel.receive(AppMessage.self, timeout: answerBound)
            // The app's questions for the photo library come in the middle of the step.
            while case .library(let request) = answer {
                try channel.send(HostMessage.libraryAnswer(libraryHandler?(request) ?? Self.emptyAnswer(to: request)))
                answer = try channel.receive(AppMessage.self, timeout: answerBound)
            }
            let settled: Settled
            switch answer {
            case .settled(let step):
                settled = .settled(step)
            case .drawing(let drawing):
                settled = .drawing(drawing)
            case .refused(let reason):
                throw LaunchError.refused(bundleIdentifier: identifier, reason: reason)
            case .library:
                throw LaunchError.channel(bundleIdentifier: identifier, reason: "a library question was left unanswered")
            case .jetsam(let reason, let events):
                eventsBeforeEnd = events
                endedByJetsam = true
                throw LaunchError.ended(bundleIdentifier: identifier, ending: waitForEnding(), console: reason)
            case .killedAtTraceEvent(let line, let events):
                eventsBeforeEnd = events
                _ = waitForEnding()
                throw LaunchError.killedAtTraceEvent(bundleIdentifier: identifier, line: line, events: events)
            }
            if let jetsam = enforceMemoryLimit() {
                throw LaunchError.ended(bundleIdentifier: identifier, ending: ending ?? .signalled(SIGKILL), console: jetsam)
            }
            switch settled {
            case .settled(let step): latest = step
            case .drawing(let drawing): latest = drawing.step
            }
            return settled
        } catch let failure as AppChannel.Failure {
            switch failure {
            case .closed:
                let ending = waitForEnding()
                throw .ended(bundleIdentifier: identifier, ending: ending, console: crashReason())
            case .timedOut(let seconds):
                // Part of an answer may be on its way: the channel is out of step, and the app's
                // main thread is blocked. It is ended, as iOS's watchdog ends an app that stops
                // answering, so no later step reads a stale answer.
                _ = kill()
                throw .noAnswer(bundleIdentifier: identifier, seconds: seconds)
            default:
                throw .channel(bundleIdentifier: identifier, reason: failure.description)
            }
        } catch let error as LaunchError {
            throw error
        } catch {
            throw .channel(bundleIdentifier: identifier, reason: "\(error)")
        }
    }

    /// Taps the first element of the last tree whose label is `label`.
    @discardableResult
    public func tap(label: String) throws(LaunchError) -> SettledStep {
        guard let element = latest.tree.flattened.first(where: { $0.label == label }) else {
            throw .refused(bundleIdentifier: bundle.bundleIdentifier.rawValue, reason: "no element is labelled “\(label)”")
        }
        return try send(.tap(element: element.id))
    }

    /// Ends the process with SIGKILL, as the system kills a suspended app (no callback runs),
    /// and returns how it ended.
    @discardableResult
    public func kill() -> Ending {
        if let ending { return ending }
        Glibc.kill(pid, SIGKILL)
        return waitForEnding()
    }

    /// Sends `terminate` (the app's `applicationWillTerminate(_:)` runs) and waits for its exit.
    @discardableResult
    public func terminate() throws(LaunchError) -> Ending {
        if let ending { return ending }
        _ = try send(.terminate)
        return waitForEnding()
    }

    /// How the process ended, or nil while it runs.
    public var endingIfEnded: Ending? { ending }

    /// The process's resident memory now (`VmRSS` of `/proc/<pid>/status`), or nil once it ended.
    public var residentBytes: Int? { statusFields()?["VmRSS"] }

    /// The app's memory footprint at its peak so far: the peak resident set (`VmHWM`) less what
    /// is resident of files and shared memory (`RssFile`, `RssShmem`: the executable and
    /// libraries, which iOS does not count either), so what is left is the memory the app
    /// wrote. Nil once the process ended.
    public var peakFootprintBytes: Int? {
        guard let fields = statusFields(), let peak = fields["VmHWM"] else { return nil }
        return max(0, peak - (fields["RssFile"] ?? 0) - (fields["RssShmem"] ?? 0))
    }

    /// The footprint over which the system ends the app, as jetsam does: checked after every
    /// step against the step's peak, so a crossing within a step ends the app at that step's
    /// end (SIGKILL; the reason `per-process-limit`). Nil: no limit.
    ///
    /// It counts from ``baselineFootprintBytes``: what the Swift runtime, Foundation and UIKit
    /// have written by the first settled screen, which on iOS lives in the shared cache every
    /// app shares and does not count (docs/uikit.md, "Memory").
    public var memoryLimitBytes: Int?

    /// The footprint at the first settled screen, which the limit counts from.
    public private(set) var baselineFootprintBytes = 0

    /// Whether jetsam ended the process.
    public private(set) var endedByJetsam = false

    /// What the SDK did in the step that ended the process, up to its end (a jetsam kill in
    /// the middle of a step still tells what led to it).
    public private(set) var eventsBeforeEnd: [String] = []

    /// The fields of `/proc/<pid>/status` that are sizes, in bytes (read after every step: one
    /// `read` of the file and a scan of its bytes, no string per line).
    private func statusFields() -> [String: Int]? {
        guard ending == nil else { return nil }
        let descriptor = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        var fields: [String: Int] = [:]
        var lineStart = 0
        for index in 0..<count where buffer[index] == UInt8(ascii: "\n") {
            Self.parseSizeLine(buffer[lineStart..<index], into: &fields)
            lineStart = index + 1
        }
        return fields
    }

    /// `VmHWM:\t  1234 kB` as `VmHWM` → 1263616.
    private static func parseSizeLine(_ line: ArraySlice<UInt8>, into fields: inout [String: Int]) {
        guard line.count > 3, line.suffix(3).elementsEqual(" kB".utf8), let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return }
        var kilobytes = 0
        var sawDigit = false
        for byte in line[(colon + 1)..<(line.endIndex - 3)] {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                kilobytes = kilobytes * 10 + Int(byte - UInt8(ascii: "0"))
                sawDigit = true
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                return
            }
        }
        guard sawDigit else { return }
        fields[String(decoding: line[line.startIndex..<colon], as: UTF8.self)] = kilobytes * 1024
    }

    /// Ends the process as jetsam does when its peak footprint is over the limit; returns the
    /// reason, or nil when it is within it.
    private func enforceMemoryLimit() -> String? {
        guard let limit = memoryLimitBytes, let footprint = peakFootprintBytes, footprint - baselineFootprintBytes > limit else {
            return nil
        }
        Glibc.kill(pid, SIGKILL)
        _ = waitForEnding()
        endedByJetsam = true
        return "jetsam per-process-limit: a footprint of \(footprint - baselineFootprintBytes) bytes above the launch's "
            + "\(baselineFootprintBytes) over the limit of \(limit)"
    }

    private func waitForEnding() -> Ending {
        if let ending { return ending }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let low = status & 0x7F
        let ended: Ending = low == 0 ? .exited((status >> 8) & 0xFF) : .signalled(low)
        ending = ended
        return ended
    }

    /// The last lines this launch wrote to the app's console (where a `fatalError` and UIKit's
    /// uncaught-exception line are printed).
    public func consoleTail(lines: Int = 8) -> String {
        console.split(separator: "\n", omittingEmptySubsequences: true).suffix(lines).joined(separator: "\n")
    }

    /// What this launch has written to the app's console so far (its last 64 KB).
    public var console: String {
        guard let data = FileManager.default.contents(atPath: consolePath) else { return "" }
        let own = data.count > consoleStart ? data.dropFirst(Int(consoleStart)) : Data()
        return String(decoding: own.suffix(64 << 10), as: UTF8.self)
    }

    /// Why the app crashed, from its console: Swift's `Fatal error: …` (or `Precondition
    /// failed: …`, `Assertion failed: …`) line, UIKit's
    /// `*** Terminating app due to uncaught exception …` line, the TCC line or UIKit's own
    /// `UIKit: …` (a main queue that never empties), or the jetsam line UIKit writes when the
    /// decoded images cross the limit; else the last lines of the console.
    public func crashReason() -> String {
        let tail = consoleTail(lines: 200)
        let reasons = tail.split(separator: "\n").filter {
            $0.contains("Fatal error:") || $0.contains("Precondition failed:") || $0.contains("Assertion failed:")
                || $0.hasPrefix("*** Terminating app") || $0.contains("This app has crashed")
                || $0.hasPrefix("UIKit: ") || $0.hasPrefix("jetsam per-process-limit")
        }
        return reasons.isEmpty ? consoleTail() : reasons.joined(separator: "\n")
    }

    /// A connected Unix socket pair, both ends close-on-exec and above 9 (so that the dup2 to 3
    /// in the child never lands on one of them, and no other child inherits either).
    private static func socketPair(path: String) throws(LaunchError) -> (simulator: Int32, app: Int32) {
        var fds: [Int32] = [0, 0]
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, kind, 0, &fds) == 0 else { throw .spawnFailed(path: path, errno: errno) }
        let high = fds.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        fds.forEach { close($0) }
        guard high.allSatisfy({ $0 >= 0 }) else { throw .spawnFailed(path: path, errno: errno) }
        return (high[0], high[1])
    }
}

/// The world as an app process sees it: the wall clock its `Date()`, `gettimeofday` and `time`
/// read, and the seed of the generator its `UUID()`, `SystemRandomNumberGenerator` and
/// `getrandom` draw from (UIKit's `CAppWorld`, given in `PHOTOSIM_APP_WORLD`).
public struct AppWorld: Equatable, Sendable {
    /// The wall clock at launch, in nanoseconds since 1970.
    public var realtimeNanoseconds: Int64
    public var randomSeed: UInt64

    public init(realtimeNanoseconds: Int64, randomSeed: UInt64) {
        self.realtimeNanoseconds = realtimeNanoseconds
        self.randomSeed = randomSeed
    }

    /// The world at `date` with the next seed of `random`.
    public init(date: Date, random: RandomSource) {
        self.init(realtimeNanoseconds: Int64((date.timeIntervalSince1970 * 1_000_000_000).rounded(.down)),
                  randomSeed: random.nextUInt64())
    }

    public static let environmentKey = "PHOTOSIM_APP_WORLD"
    var environmentValue: String { "\(realtimeNanoseconds),\(randomSeed)" }
}

/// Calls `body` with `strings` as a NULL-terminated C array (argv, envp).
func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
