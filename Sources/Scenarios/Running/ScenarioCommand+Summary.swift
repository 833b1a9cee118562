/// How reports and the trace show a command: its name and a short form of its argument.
extension ScenarioCommand {
    /// `name: argument` in a compact form (`tapOn: “Done”`, `repeat: 3 × 2 commands`).
    public var summary: String {
        guard let argument else { return name }
        return "\(name): \(argument)"
    }

    /// The argument in a compact form, or nil for a command shown by its name alone.
    ///
    /// One exhaustive `switch` (no `default`), so a command added to ``ScenarioCommand`` does not
    /// compile until this says how it is shown.
    private var argument: String? {
        switch self {
        case .launchApp(let options):
            let parts = options.arguments.map { "\($0.name)=\($0.value)" }
                + (options.clearState ? ["clearState"] : []) + (options.stopApp ? [] : ["stopApp=false"])
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        case .stopApp(let id), .killApp(let id), .clearState(let id): return id
        case .addMedia(let files): return files.map(\.relativePath).joined(separator: ", ")
        case .setPermissions(let grants): return grants.map { "\($0.service.rawValue)=\($0.setting.rawValue)" }.joined(separator: " ")
        case .tapOn(let selector), .assertVisible(let selector), .assertNotVisible(let selector): return selector.description
        case .tapOnPoint(let point, let options):
            let taps = options.count > 1 ? " × \(options.count), \(options.delay) apart" : ""
            return "at \(point)" + (options.longPress ? ", held \(TapOptions.longPressHold)" : taps)
        case .tapWith(let selector, let options):
            let waits = options.waitUntilVisible ? ", waiting until visible" : ""
            if options.longPress { return "\(selector), held \(TapOptions.longPressHold)" + waits }
            if options.waitUntilVisible, options.count == 1 { return selector.description + waits }
            return "\(selector) × \(options.count), \(options.delay) apart" + waits
        case .inputText(let text): return "“\(text)”"
        case .inputRandom(.text(let length)), .inputRandom(.number(let length)): return "\(length) characters from the seed"
        case .inputRandom(.email), .inputRandom(.personName): return "from the seed"
        case .eraseText(let count): return "\(count)"
        case .pressKey(let key): return key.rawValue
        case .takeScreenshot(let name): return name
        case .repeat(let times, let steps): return "\(times) × \(steps.count) commands"
        case .repeatWhile(let condition, let times, let steps):
            return "while \(condition)" + (times.map { ", at most \($0) ×" } ?? " ×") + " \(steps.count) commands"
        case .conditional(let condition, let steps): return "when \(condition): \(steps.count) commands"
        case .extendedWaitUntil(let condition, let timeout): return "\(condition) within \(timeout)"
        case .retry(let maxRetries, let steps): return "\(steps.count) commands, up to \(maxRetries) retries"
        case .hookedFlow(let onStart, let steps, let onComplete):
            return "\(steps.count) commands with its onFlowStart (\(onStart.count)) and onFlowComplete (\(onComplete.count))"
        case .evalScript(let script), .assertTrue(let script): return script
        case .runScript(let file): return file.path + (file.condition.map { " when \($0)" } ?? "")
        case .setLocation(let latitude, let longitude): return "\(latitude), \(longitude)"
        case .travel(let points, let speed): return points.map { "\($0.latitude), \($0.longitude)" }.joined(separator: " → ") + " at \(speed) m/s"
        case .setAirplaneMode(let on): return on.map { $0 ? "enabled" : "disabled" }
        case .openLink(let link): return link
        case .scroll: return nil
        case .swipeScreen(let drag): return drag.written
        case .scrollUntilVisible(let search):
            return "\(search.element) \(search.direction.rawValue) within \(search.timeout)"
                + (search.visibilityPercentage == 100 ? "" : ", \(search.visibilityPercentage)% visible")
        case .swipe(let selector, let direction): return "\(selector) \(direction.rawValue)"
        case .advanceClock(let duration): return duration.description
        case .pickPhoto(let selector, let crop): return selector.description + (crop.map { " crop \($0.x),\($0.y) \($0.size)" } ?? "")
        case .takePhoto(.image(let file)): return file.relativePath
        case .takePhoto(.synthetic(let width?, let height?)): return "\(width)x\(height)"
        case .takePhoto(.synthetic): return nil
        case .pickerResults(let assets, let failing):
            return assets.map(\.description).joined(separator: ", ") + (failing.isEmpty ? "" : "; failing " + failing.map(\.description).joined(separator: ", "))
        case .removeMedia(let selector): return selector.description
        case .deleteFile(let path), .assertNoFile(let path): return path.path
        case .assertPresented(let expectation?):
            return [expectation.screen, expectation.style?.rawValue].compactMap { $0 }.joined(separator: ", ")
        case .assertPresented(nil): return "none"
        case .assertFile(let file): return file.path.path
        case .assertFiles(let folder, let names): return "\(folder.path): \(names.joined(separator: ", "))"
        case .assertQuery(_, let sql, _): return sql
        case .assertPreference(let key, let value): return "\(key) = \(value)"
        case .assertLeak(let type, let retainer): return type + (retainer.map { " retained by \($0)" } ?? "")
        case .assertCrashed(let reason): return reason
        case .assertNotifications(let names): return names.joined(separator: ", ")
        case .assertMemory(let footprint, let cacheEmpty):
            return [footprint.map { "footprint below \($0)" }, cacheEmpty.map { "cache empty \($0)" }].compactMap { $0 }.joined(separator: ", ")
        case .assertTrace(let text, let count): return "“\(text)”" + (count.map { " × \($0)" } ?? "")
        case .assertLibrary(let count): return "\(count)"
        case .injectFault(let fault):
            return "\(fault.kind.rawValue) on \(fault.operation.rawValue) #\(fault.nth)" + (fault.path.map { " of \($0)" } ?? "")
        case .setFaultRate(let rate): return "\(rate)"
        case .crashAt(let point, let occurrence): return point + (occurrence == 1 ? "" : " #\(occurrence)")
        case .killAtTraceEvent(.after(let event)): return "after line \(event)"
        case .killAtTraceEvent(.containing(let text)): return "“\(text)”"
        case .back, .navigateBack, .terminateApp, .waitForAnimationToEnd, .simulateMemoryWarning, .cancelPicker, .assertNoLeaks, .assertRunning: return nil
        case .hideKeyboard, .pasteText, .clearKeychain: return nil
        case .copyTextFrom(let selector): return selector.description
        }
    }
}
