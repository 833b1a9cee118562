extension TraceEvent: CustomStringConvertible {
    /// The event's words, as its trace line says them after the time, on one line: a line break
    /// inside a value is written as `\n`, `\r` or `\u{…}`.
    ///
    ///     TraceEvent.fileRemoved(path: "Documents/Photo-1.jpg").description  // "file removed Documents/Photo-1.jpg"
    public var description: String {
        Self.singleLine(words)
    }

    /// The words of each kind, one line per case: the table docs/world.md shows.
    private var words: String {
        switch self {
        case .run(let queue, let label, let isBarrier): "run \(queue)" + Self.barrier(isBarrier) + ": \(label)"
        case .sync(let queue, let label, let isBarrier): "sync \(queue)" + Self.barrier(isBarrier) + ": \(label)"
        case .observerAdded(let token): "observer #\(token.id) added: \(token.name) by \(token.registrant)"
        case .observerRemoved(let token): "observer #\(token.id) removed: \(token.name) by \(token.registrant)"
        case .observerReleasedByLeakCheck(let token):
            "observer #\(token.id) released by the leak check: \(token.name) by \(token.registrant)"
        case .posted(let name, let sender): "post \(name) from \(sender)"
        case .notificationDelivered(let name, let registrant): "notification \(name) -> \(registrant)"
        case .tracked(let typeName, let kind, let owner): "track \(typeName) (\(kind)) owned by \(owner)"
        case .ownerClosed(let owner): "owner closed \(owner)"
        case .leaked(let leak): "leak \(leak)"
        case .launched(let app, let number, let arguments): "launch \(app) #\(number)" + Self.launchArguments(arguments)
        case .appTerminated(let app): "\(app) terminated"
        case .appKilled(let app): "\(app) killed"
        case .appJetsamKilled(let app, let reason): "\(app) killed by jetsam reason \(reason)"
        case .appCrashed(let app, let reason): "\(app) crashed: \(reason)"
        case .memoryWarning(let reason, let footprint, let limit):
            "memory warning (\(reason)): footprint \(footprint) bytes, limit \(limit)"
        case .memoryFootprint(let footprint, let peak): "memory footprint \(footprint) bytes, peak \(peak)"
        case .memoryLimitCrossed(let footprint, let limit): "memory limit crossed: footprint \(footprint) bytes, limit \(limit)"
        case .presented(let screen, let presenter, let style, let animated):
            "present \(screen) from \(presenter) as \(style)" + Self.animation(animated)
        case .presentIgnored(let presenter, let screenType, let isAlreadyPresenting):
            "warning: \(presenter) cannot present \(screenType): "
                + (isAlreadyPresenting ? "it is already presenting" : "it is not in the window")
        case .dismissed(let screen, let animated): "dismiss \(screen)" + Self.animation(animated)
        case .dismissIgnored(let screen): "dismiss from \(screen): nothing is presented"
        case .pushed(let screen, let animated): "push \(screen)" + Self.animation(animated)
        case .pushIgnored(let screen): "warning: \(screen) has no navigation controller; push ignored"
        case .popped(let screen, let animated): "pop \(screen)" + Self.animation(animated)
        case .editingEnded(let screen): "end editing on \(screen)"
        case .tabSelected(let title): "select tab \(title)"
        case .swipedLeft(let label): "swipe “\(label)” left"
        case .prompted(let title): "prompt \(title)"
        case .promptAnswered(let service, let answer): "prompt answered: \(service) \(answer)"
        case .picked(let file, let width, let height, let crop):
            "picked \(file) (\(width)x\(height))" + (crop.map { " cropped to \($0)" } ?? "")
        case .pickerCancelled: "picker cancelled"
        case .pickerResults(let indices): "picker results " + indices.map(String.init).joined(separator: ",")
        case .itemProviderLoaded(let file, let typeIdentifier): "item provider loaded \(file) as \(typeIdentifier)"
        case .itemProviderFailed(let file): "item provider failed \(file)"
        case .cameraTook(let width, let height): "camera took \(width)x\(height)"
        case .cameraShowsNoImage(let access): "camera shows no image: access \(access ?? "not decided")"
        case .photosFetchedImages(let visible, let total): "photos fetch images: \(visible) of \(total)"
        case .photosFetchedIdentifiers(let found, let asked): "photos fetch identifiers: \(found) of \(asked)"
        case .photoLibraryUnreadable(let reason): "warning: the photo library cannot be read: \(reason)"
        case .imageRequested(let request, let asset, let targetSize, let contentMode, let deliveryMode):
            "image request #\(request) \(asset) \(targetSize) \(contentMode) \(deliveryMode)"
        case .imageRequestCancelled(let request): "image request #\(request) cancelled"
        case .imageDelivered(let request, let asset, let width, let height, let isDegraded):
            "image result #\(request) \(asset) \(width)x\(height)" + (isDegraded ? " degraded" : "")
        case .imageMissing(let request, let asset, let reason): "image result #\(request) \(asset): no image, \(reason)"
        case .fileWritten(let path, let byteCount): "file written \(path) (\(byteCount) bytes)"
        case .fileNotWritten(let path, let reason): "file not written \(path): \(reason)"
        case .fileRemoved(let path): "file removed \(path)"
        case .fileMoved(let source, let destination): "file moved \(source) -> \(destination)"
        case .faultInjected(let kind, let operation, let path, let cause):
            "fault \(kind.rawValue) on \(operation.rawValue) \(path) (\(cause.words))"
        case .faultKilled(let app, let point): "\(point.words): \(app) killed, its disk frozen"
        case .traceEventKillMissed(let line, let app): "\(KillPoint.traceEvent(line: line).words): \(app) is not running"
        case .scenarioStep(let line, let column, let command): "scenario \(line):\(column) \(command)"
        case .scenarioStepFailed(let line, let column, let message): "scenario \(line):\(column) failed: \(message)"
        case .scenarioStepWarned(let line, let column, let message): "scenario \(line):\(column) optional, failed: \(message)"
        case .scenarioWaited(let span, let condition, let held): "scenario waited \(span) for \(condition)" + (held ? "" : ", in vain")
        case .scenarioLog(let message): "scenario log: \(message)"
        case .scenarioCheckFailed(let checker, let problems):
            "scenario check \(checker) failed: " + problems.joined(separator: "; ")
        case .stopIgnored(let state): "stopApp: the app is \(state), nothing to stop"
        case .killIgnored(let state): "killApp: the app is \(state), nothing to kill"
        case .containerCleared(let appID): "cleared the data container of \(appID)"
        case .clockAdvanced(let span): "advance clock \(span)"
        case .mediaRemoved(let file): "removed \(file) from the library"
        case .fileDeletedBehindApp(let path): "deleted \(path) behind the app's back"
        case .processLaunched(let app): "process launched \(app)"
        case .processEvent(let app, let event): "\(app): \(event)"
        case .processEnded(let app, let ending): "process \(app) \(ending)"
        }
    }

    private static func barrier(_ isBarrier: Bool) -> String {
        isBarrier ? " [barrier]" : ""
    }

    private static func animation(_ animated: Bool) -> String {
        animated ? "" : " without animation"
    }

    /// ` key=value …` sorted by key, or nothing for no arguments.
    private static func launchArguments(_ arguments: [String: String]) -> String {
        guard !arguments.isEmpty else { return "" }
        return " " + arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }

    /// `text` with every line break escaped (`\n`, `\r`, others as `\u{2028}`).
    static func singleLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case _ where Character(scalar).isNewline: escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}

extension TraceEvent.FaultCause {
    /// `rule <rule>` or `rate <rate>`.
    var words: String {
        switch self {
        case .rule(let rule): "rule \(rule)"
        case .rate(let rate): "rate \(rate)"
        }
    }
}

extension TraceEvent.KillPoint {
    /// `crash point <name>` or `kill at trace event <line>`.
    var words: String {
        switch self {
        case .crashPoint(let name): "crash point \(name)"
        case .traceEvent(let line): "kill at trace event \(line)"
        }
    }
}
