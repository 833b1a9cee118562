import Core
import DeviceStore
import Platform
import World

/// One launch of an app: its delegate, its window, its observers, its memory, until it ends.
///
/// Every call into app code goes through ``call(_:)``, the crash boundary: an
/// ``AppTermination`` thrown (or recorded and swallowed) there ends the process. After the end,
/// the window and observers are gone, queued work and later callbacks are not delivered, and
/// every screen's and the app's objects are expected to die (the leak check's owners close).
public final class AppProcess {
    let host: HostContext
    /// 1 for the first launch on this host, then 2, 3 ...
    public let number: Int
    public internal(set) var state: AppRunState = .inactive
    public let meter: HostMemoryMeter
    var application: Application?
    weak var environment: HostEnvironment?
    package var window = WindowState()
    var observerTokens: [ObserverToken] = []
    /// The first termination recorded; the process ends when the outermost app call returns.
    var pendingTermination: AppTermination?
    /// True once the fault layer killed the process (a crash point or a trace event): its disk is
    /// frozen and it ends, as `kill` ends it, when the outermost app call returns.
    var pendingKill = false
    /// How a pending kill ends the process: killed, or by jetsam.
    private var killEnding: AppRunState = .killed
    /// A system permission alert over the app, if one is up.
    package var prompt: SystemPrompt?
    private var callDepth = 0

    init(context: HostContext, number: Int) {
        self.host = context
        self.number = number
        self.meter = HostMemoryMeter(limitBytes: context.memoryLimitBytes)
    }

    /// True while the process runs and has not been told to crash.
    public var isAlive: Bool { state.isRunning && pendingTermination == nil && !pendingKill }

    /// The leak tracker's owner for the app's own objects.
    var ownerName: String { "\(host.appName) launch \(number)" }

    var trace: Trace { host.world.trace }
    var scheduler: Scheduler { host.world.scheduler }

    // MARK: - The crash boundary

    /// Runs app code; a termination it throws or records ends the process when the outermost
    /// call returns. Does nothing once the app is dead.
    func call(_ body: () throws -> Void) {
        endIfKilled()
        guard isAlive else { return }
        callDepth += 1
        do {
            try body()
        } catch let termination as AppTermination {
            recordTermination(termination)
        } catch {
            recordTermination(.fatalError(reason: "Error raised at top level: \(error)"))
        }
        callDepth -= 1
        endIfKilled()
        if callDepth == 0, state.isRunning, let termination = pendingTermination {
            end(.crashed(termination))
        }
    }

    /// The fault layer's kill (or jetsam's, `ending`): the process ends at its next boundary,
    /// with no notification.
    func requestKill(ending: AppRunState = .killed) {
        if !pendingKill { killEnding = ending }
        pendingKill = true
        endIfKilled()
    }

    /// Ends a killed process once no app code is running.
    func endIfKilled() {
        if pendingKill, callDepth == 0, state.isRunning { end(killEnding) }
    }

    /// Notes that the app terminates; the first reason wins.
    func recordTermination(_ termination: AppTermination) {
        if pendingTermination == nil { pendingTermination = termination }
    }

    /// Enqueues app code on the main queue as a step labelled `label`.
    func enqueueOnMain(_ label: String, _ body: @escaping () throws -> Void) {
        scheduler.async(on: scheduler.main, label: label) { [weak self] in self?.call(body) }
    }

    // MARK: - Ending

    /// Ends the process: records why, drops its window and observers, closes its owners.
    ///
    /// A process that dies (killed, jetsam, crashed) runs no clean-up on the disk: its disk is
    /// frozen before its objects go, so a store's close neither checkpoints nor deletes its WAL,
    /// as on iOS where the process is gone at once (the next launch recovers from the WAL).
    /// Only a graceful termination lets the app's objects close their files.
    func end(_ final: AppRunState) {
        guard state.isRunning else { return }
        state = final
        if final != .terminated { environment?.disk.freeze() }
        trace.record(Self.endEvent(final, app: host.appName))
        for token in observerTokens { host.world.observers.removeObserver(token) }
        observerTokens = []
        prompt = nil
        let screens = window.allScreens
        let names = screens.map { window.name(of: $0) }
        window = WindowState()
        application = nil
        for name in names { host.world.leakTracker.ownerClosed(name) }
        host.world.leakTracker.ownerClosed(ownerName)
    }

    /// The trace event of a process ending in `final`, an ending state (a running or never
    /// started state is a programmer error and traps).
    private static func endEvent(_ final: AppRunState, app: String) -> TraceEvent {
        switch final {
        case .terminated: return .appTerminated(app: app)
        case .killed: return .appKilled(app: app)
        case .jetsamKilled(let reason): return .appJetsamKilled(app: app, reason: reason)
        case .crashed(let termination): return .appCrashed(app: app, reason: termination.description)
        case .notRunning, .active, .inactive, .background: preconditionFailure("a process cannot end \(final)")
        }
    }
}

/// A system alert over the app (a permission prompt): not one of the app's screens.
package struct SystemPrompt {
    package let title: String
    package let message: String
    /// Button labels, left to right, and what each answers.
    package let buttons: [(label: String, answer: PrivacyAuthorization)]
    let service: PrivacyService
    /// Called with the answer after it is stored (a photo-library request's handler).
    var answerHandlers: [(PrivacyAuthorization) -> Void] = []
}
