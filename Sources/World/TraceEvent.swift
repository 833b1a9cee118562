import Core

/// One observable event of a world run, typed: what a ``Trace`` records.
///
/// A case per kind of event, carrying the values a test or the fault layer matches on (paths
/// relative to the app's container, byte counts, names, fault kinds and operations, app names).
/// ``description`` renders an event to the words of its trace line, on one line
/// (`TraceEvent+Rendering.swift`; docs/world.md lists every kind with its text), and the trace
/// stamps it with virtual time. Match a kind of event instead of a substring of its line:
///
/// ```swift
/// world.trace.record(.fileWritten(path: "Documents/Photo-1.jpg", byteCount: 48211))
/// world.trace.events.last?.event.description   // "file written Documents/Photo-1.jpg (48211 bytes)"
/// world.trace.events.contains { $0.event == .appKilled(app: "MyLocations") }
/// world.trace.events.filter { $0.event.kind == .faultInjected }
/// ```
///
/// Values are the standard library's, Core's or the world's own, so the world depends on no room
/// above it; what a room's own type says (a presentation style, a crash's reason, an app's state,
/// a scenario's duration) is kept as the text it renders to. Cases whose values take more room
/// than two strings and a flag are `indirect` (boxed), so an event stays small in a trace of up
/// to ``Trace/maximumLines`` lines.
public enum TraceEvent: Equatable, Sendable {
    // MARK: The scheduler

    /// A work item starts: `run <queue>: <label>`, `run <queue> [barrier]: <label>` for a barrier (an app process names the queue alone).
    case run(queue: String, label: String, isBarrier: Bool)
    /// A `sync` body starts, inline: `sync <queue>: <label>`, `sync <queue> [barrier]: <label>` for a barrier.
    case sync(queue: String, label: String, isBarrier: Bool)

    // MARK: Notifications and leaks

    /// `observer #<id> added: <name> by <registrant>`.
    indirect case observerAdded(ObserverToken)
    /// `observer #<id> removed: <name> by <registrant>`.
    indirect case observerRemoved(ObserverToken)
    /// `observer #<id> released by the leak check: <name> by <registrant>`.
    indirect case observerReleasedByLeakCheck(ObserverToken)
    /// `post <name> from <sender>`.
    case posted(name: String, sender: String)
    /// One observer hears a post: `notification <name> -> <registrant>`.
    case notificationDelivered(name: String, registrant: String)
    /// `track <typeName> (<kind>) owned by <owner>`.
    indirect case tracked(typeName: String, kind: String, owner: String)
    /// `owner closed <owner>`.
    case ownerClosed(owner: String)
    /// `leak <leak>`, in ``Leak``'s words.
    indirect case leaked(Leak)

    // MARK: An app's process

    /// `launch <app> #<number>`, then ` <key>=<value>` per argument, sorted by key.
    case launched(app: String, number: Int, arguments: [String: String])
    /// A graceful end (`willTerminate` delivered): `<app> terminated`.
    case appTerminated(app: String)
    /// The process killed (by `kill`, or after a fault kill froze its disk): `<app> killed`.
    case appKilled(app: String)
    /// `<app> killed by jetsam reason <reason>`.
    case appJetsamKilled(app: String, reason: String)
    /// `<app> crashed: <reason>`, the crash's text (`TCC, …`, `Fatal error: …`).
    case appCrashed(app: String, reason: String)
    /// `memory warning (<reason>): footprint <footprintBytes> bytes, limit <limitBytes>`.
    case memoryWarning(reason: String, footprintBytes: Int, limitBytes: Int)
    /// `memory footprint <footprintBytes> bytes, peak <peakBytes>`.
    case memoryFootprint(footprintBytes: Int, peakBytes: Int)
    /// `memory limit crossed: footprint <footprintBytes> bytes, limit <limitBytes>`: jetsam's
    /// `per-process-limit` kill, at the allocation that crossed it.
    case memoryLimitCrossed(footprintBytes: Int, limitBytes: Int)

    // MARK: Screens

    /// `present <screen> from <presenter> as <style>`, then ` without animation` when not animated.
    indirect case presented(screen: String, presenter: String, style: String, animated: Bool)
    /// A present UIKit ignores: `warning: <presenter> cannot present <screenType>: it is already
    /// presenting` (or `: it is not in the window`).
    case presentIgnored(presenter: String, screenType: String, isAlreadyPresenting: Bool)
    /// `dismiss <screen>`, then ` without animation` when not animated.
    case dismissed(screen: String, animated: Bool)
    /// `dismiss from <screen>: nothing is presented`.
    case dismissIgnored(screen: String)
    /// `push <screen>`, then ` without animation` when not animated.
    case pushed(screen: String, animated: Bool)
    /// `warning: <screen> has no navigation controller; push ignored`.
    case pushIgnored(screen: String)
    /// `pop <screen>`, then ` without animation` when not animated.
    case popped(screen: String, animated: Bool)
    /// `end editing on <screen>`.
    case editingEnded(screen: String)
    /// `select tab <title>`.
    case tabSelected(title: String)
    /// `swipe “<label>” left`.
    case swipedLeft(label: String)
    /// A system prompt shows: `prompt <title>`.
    case prompted(title: String)
    /// `prompt answered: <service> <answer>` (a privacy service and answer, as `simctl privacy` names them).
    case promptAnswered(service: String, answer: String)

    // MARK: Pickers, the camera and Photos

    /// `picked <file> (<width>x<height>)`, then ` cropped to <crop>` for an edited pick.
    indirect case picked(file: String, width: Int, height: Int, crop: PixelRect?)
    /// `picker cancelled`.
    case pickerCancelled
    /// A PHPicker's results, by library index: `picker results <i>,<j>,…`.
    case pickerResults(indices: [Int])
    /// `item provider loaded <file> as <typeIdentifier>`.
    case itemProviderLoaded(file: String, typeIdentifier: String)
    /// `item provider failed <file>`.
    case itemProviderFailed(file: String)
    /// `camera took <width>x<height>`.
    case cameraTook(width: Int, height: Int)
    /// `camera shows no image: access <access>`; `not decided` when `access` is nil.
    case cameraShowsNoImage(access: String?)
    /// `photos fetch images: <visible> of <total>`.
    case photosFetchedImages(visible: Int, total: Int)
    /// `photos fetch identifiers: <found> of <asked>`.
    case photosFetchedIdentifiers(found: Int, asked: Int)
    /// `warning: the photo library cannot be read: <reason>`.
    case photoLibraryUnreadable(reason: String)
    /// `image request #<request> <asset> <targetSize> <contentMode> <deliveryMode>`.
    indirect case imageRequested(request: Int, asset: String, targetSize: String, contentMode: String,
                                 deliveryMode: String)
    /// `image request #<request> cancelled`.
    case imageRequestCancelled(request: Int)
    /// `image result #<request> <asset> <width>x<height>`, then ` degraded` for a degraded one.
    indirect case imageDelivered(request: Int, asset: String, width: Int, height: Int, isDegraded: Bool)
    /// `image result #<request> <asset>: no image, <reason>`.
    indirect case imageMissing(request: Int, asset: String, reason: String)

    // MARK: Files and faults

    /// `file written <path> (<byteCount> bytes)`.
    case fileWritten(path: String, byteCount: Int)
    /// A write that failed and was not a fault kill: `file not written <path>: <reason>`.
    case fileNotWritten(path: String, reason: String)
    /// `file removed <path>` (only for a file that existed).
    case fileRemoved(path: String)
    /// `file moved <from> -> <to>`.
    case fileMoved(from: String, to: String)
    /// `fault <kind> on <operation> <path> (<cause>)`, the cause a rule or the rate.
    indirect case faultInjected(kind: FaultKind, operation: FaultOperation, path: String, cause: FaultCause)
    /// The fault layer killed the app and froze its disk: `<point>: <app> killed, its disk frozen`.
    case faultKilled(app: String, at: KillPoint)
    /// A kill at a trace event came when the app was not running:
    /// `kill at trace event <line>: <app> is not running`.
    case traceEventKillMissed(line: Int, app: String)

    // MARK: Scenarios

    /// A scenario's command runs: `scenario <line>:<column> <command>` (the command's summary).
    case scenarioStep(line: Int, column: Int, command: String)
    /// `scenario <line>:<column> failed: <message>`.
    case scenarioStepFailed(line: Int, column: Int, message: String)
    /// `scenario <line>:<column> optional, failed: <message>`: an `optional` command failed and
    /// the run goes on.
    case scenarioStepWarned(line: Int, column: Int, message: String)
    /// A command waited on the world's clock for what it looks for:
    /// `scenario waited <span> for <condition>` (`, in vain` when it did not come).
    case scenarioWaited(span: String, for: String, held: Bool)
    /// A scenario's script wrote a line with `console.log`: `scenario log: <message>`.
    case scenarioLog(message: String)
    /// `scenario check <checker> failed: <problems, joined by "; ">`.
    case scenarioCheckFailed(checker: String, problems: [String])
    /// `stopApp: the app is <state>, nothing to stop`.
    case stopIgnored(state: String)
    /// `killApp: the app is <state>, nothing to kill`.
    case killIgnored(state: String)
    /// `cleared the data container of <appID>`.
    case containerCleared(appID: String)
    /// `advance clock <span>`, the span as a scenario writes it (`250ms`, `90s`).
    case clockAdvanced(span: String)
    /// `removed <file> from the library`.
    case mediaRemoved(file: String)
    /// `deleted <path> behind the app's back`.
    case fileDeletedBehindApp(path: String)

    // MARK: Apps in their own processes

    /// An app's bundle started as its own process: `process launched <bundle id>`.
    case processLaunched(app: String)
    /// What an app process's UIKit did in a step, in its order: `<bundle id>: <event>`
    /// (`com.example.journal: viewDidAppear(_:) EntriesViewController`).
    case processEvent(app: String, event: String)
    /// An app process ended: `process <bundle id> <ending>` (`exited with status 0`,
    /// `ended by signal 9 (Killed)`).
    case processEnded(app: String, ending: String)
}
