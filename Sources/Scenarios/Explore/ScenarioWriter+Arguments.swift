/// Each command's argument, in the shape its decoder reads (docs/scenarios.md).
extension ScenarioWriter {
    /// The text after `name: `, or nil for a command written as its bare name.
    ///
    /// One exhaustive `switch` (no `default`), so a command added to ``ScenarioCommand`` does not
    /// compile until it can be written.
    static func argument(of command: ScenarioCommand) -> String? {
        switch command {
        case .launchApp(let options): return launchArgument(options)
        case .stopApp(let appId), .killApp(let appId), .clearState(let appId): return appId.map(quoted)
        case .addMedia(let files): return list(files.map { quoted($0.relativePath) })
        case .setPermissions(let grants): return permissionsText(grants)
        case .tapOn(let selector), .assertVisible(let selector), .assertNotVisible(let selector): return selectorText(selector)
        case .tapOnPoint(let point, let options):
            var entries: [(String, String?)] = [("point", quoted(point))]
            if options.written == .tapOn { entries += [("repeat", "\(options.count)"), ("delay", "\(options.delay.milliseconds)")] }
            return map(entries)
        case .tapWith(let selector, let options):
            var text = selectorText(selector)
            let waits = options.waitUntilVisible ? ", waitUntilVisible: true}" : "}"
            guard options.written == .tapOn else {
                return options.delay == TapOptions.defaultDelay && !options.waitUntilVisible
                    ? text : String(text.dropLast()) + ", delay: \(options.delay.milliseconds)" + waits
            }
            text = String(text.dropLast()) + ", repeat: \(options.count), delay: \(options.delay.milliseconds)" + waits
            return text
        case .inputText(let text): return quoted(text)
        case .inputRandom(.text(let length)), .inputRandom(.number(let length)): return map([("length", "\(length)")])
        case .inputRandom(.email), .inputRandom(.personName): return nil
        case .eraseText(let count): return "\(count)"
        case .pressKey(let key): return key.rawValue
        case .takeScreenshot(let name): return quoted(name)
        case .repeat(let times, let steps): return map([("times", "\(times)"), ("commands", list(steps.map { item(for: $0.command) }))])
        case .repeatWhile(let condition, let times, let steps):
            return map([("while", conditionText(condition)), ("times", times.map { "\($0)" }), ("commands", list(steps.map { item(for: $0.command) }))])
        case .extendedWaitUntil(let condition, let timeout):
            return map([("visible", condition.visible.map(selectorText)), ("notVisible", condition.notVisible.map(selectorText)),
                        ("timeout", "\(timeout.milliseconds)")])
        case .hookedFlow(let onStart, let steps, let onComplete):
            // The language has no inline flow with hooks: its commands in the order they run.
            return map([("commands", list((onStart + steps + onComplete).map { item(for: $0.command) }))])
        case .retry(let maxRetries, let steps):
            return map([("maxRetries", "\(maxRetries)"), ("commands", list(steps.map { item(for: $0.command) }))])
        case .conditional(let condition, let steps):
            return map([("when", conditionText(condition)), ("commands", list(steps.map { item(for: $0.command) }))])
        case .evalScript(let script), .assertTrue(let script): return quoted(script)
        case .runScript(let file):
            return map([("file", quoted(file.path)),
                        ("env", file.environment.isEmpty ? nil : map(file.environment.sorted { $0.key < $1.key }.map { ($0.key, quoted($0.value)) })),
                        ("when", file.condition.map(conditionText))])
        case .setLocation(let latitude, let longitude): return map([("latitude", "\(latitude)"), ("longitude", "\(longitude)")])
        case .travel(let points, let speed):
            return map([("points", list(points.map { quoted("\($0.latitude), \($0.longitude)") })), ("speed", "\(speed)")])
        case .setAirplaneMode(let on): return on.map { $0 ? "enabled" : "disabled" }
        case .openLink(let link): return quoted(link)
        case .scroll: return nil
        case .swipeScreen(let drag):
            if let direction = SwipeDirection(rawValue: drag.written) { return map([("direction", direction.rawValue)]) }
            func point(_ values: [Double]) -> String {
                quoted(values.map { drag.unit == .fraction ? "\(Int(($0 * 100).rounded()))%" : "\(Int($0))" }.joined(separator: ", "))
            }
            return map([("start", point(drag.start)), ("end", point(drag.end))])
        case .scrollUntilVisible(let search):
            return map([("element", selectorText(search.element)), ("direction", search.direction.rawValue),
                        ("timeout", "\(search.timeout.milliseconds)"), ("visibilityPercentage", "\(search.visibilityPercentage)")])
        case .swipe(let selector, let direction): return map([("from", selectorText(selector)), ("direction", direction.rawValue)])
        case .advanceClock(let duration): return duration.description
        case .pickPhoto(let selector, let crop): return pickPhotoArgument(selector, crop: crop)
        case .takePhoto(let shot): return takePhotoArgument(shot)
        case .pickerResults(let assets, let failing):
            return map([("assets", list(assets.map(assetText))), ("fail", list(failing.map(assetText)))])
        case .removeMedia(let selector): return assetMap(selector)
        case .deleteFile(let path), .assertNoFile(let path): return quoted(path.path)
        case .assertPresented(let expectation): return expectation.map(presentedArgument) ?? "none"
        case .assertFile(let expectation): return fileArgument(expectation)
        case .assertFiles(let folder, let names): return map([("folder", quoted(folder.path)), ("names", list(names.map(quoted)))])
        case .assertQuery(let store, let sql, let rows):
            return map([("store", quoted(store.path)), ("sql", quoted(sql)), ("rows", list(rows.map { list($0.map(valueText)) }))])
        case .assertPreference(let key, let value): return map([("key", quoted(key)), ("equals", valueText(value))])
        case .assertLeak(let type, let retainer):
            return map([("type", quoted(type))] + (retainer.map { [("retainedBy", quoted($0))] } ?? []))
        case .assertCrashed(let reason): return reason.map { map([("reason", quoted($0))]) }
        case .assertNotifications(let names): return list(names.map(quoted))
        case .assertMemory(let footprint, let cacheEmpty):
            return map([("footprintBelow", footprint?.description), ("cacheEmpty", cacheEmpty.map { "\($0)" })])
        case .assertTrace(let text, nil): return quoted(text)
        case .assertTrace(let text, let count?): return map([("contains", quoted(text)), ("count", "\(count)")])
        case .assertLibrary(let count): return map([("count", "\(count)")])
        case .injectFault(let fault):
            return map([("kind", fault.kind.rawValue), ("on", fault.operation.rawValue), ("nth", "\(fault.nth)"), ("path", fault.path.map(quoted))])
        case .setFaultRate(let rate): return "\(rate)"
        case .crashAt(let point, let occurrence): return occurrence == 1 ? point : map([("point", point), ("occurrence", "\(occurrence)")])
        case .killAtTraceEvent(.after(let line)): return map([("after", "\(line)")])
        case .killAtTraceEvent(.containing(let text)): return map([("contains", quoted(text))])
        case .back, .navigateBack, .terminateApp, .waitForAnimationToEnd, .simulateMemoryWarning, .cancelPicker, .assertNoLeaks, .assertRunning: return nil
        case .hideKeyboard, .pasteText, .clearKeychain: return nil
        case .copyTextFrom(let selector): return selectorText(selector)
        }
    }

    /// A command as an item of a `repeat`'s flow-style list: its bare name, or `{name: argument}`.
    private static func item(for command: ScenarioCommand) -> String {
        argument(of: command).map { map([(command.name, $0)]) } ?? command.name
    }

    /// Nothing for the defaults, else `{appId, clearState, stopApp, permissions, arguments}`.
    private static func launchArgument(_ options: LaunchOptions) -> String? {
        let arguments = options.arguments.map { (quoted($0.name), Optional(quoted($0.value))) }
        let parts = [("appId", options.appId.map(quoted)), ("clearState", options.clearState ? "true" : nil),
                     ("stopApp", options.stopApp ? nil : "false"),
                     ("permissions", options.permissions.isEmpty ? nil : permissionsText(options.permissions)),
                     ("arguments", arguments.isEmpty ? nil : map(arguments))]
        return parts.contains { $0.1 != nil } ? map(parts) : nil
    }

    /// `{index}` or `{id}`, and the crop if any.
    private static func pickPhotoArgument(_ selector: AssetSelector, crop: PhotoCrop?) -> String {
        let cropText = crop.map { map([("x", "\($0.x)"), ("y", "\($0.y)"), ("size", "\($0.size)")]) }
        return map(assetEntries(selector) + [("crop", cropText)])
    }

    /// Nothing for a synthetic photo at the camera's size, `{width, height}`, or `{image}`.
    private static func takePhotoArgument(_ shot: CameraShot) -> String? {
        switch shot {
        case .synthetic(nil, nil): return nil
        case .synthetic(let width, let height): return map([("width", width.map { "\($0)" }), ("height", height.map { "\($0)" })])
        case .image(let file): return map([("image", quoted(file.relativePath))])
        }
    }

    /// `{screen, style}`, each when given.
    private static func presentedArgument(_ expectation: PresentedExpectation) -> String {
        map([("screen", expectation.screen.map(quoted)), ("style", expectation.style?.rawValue)])
    }

    /// `{path, jpegQuality, width, height, sameAs, tolerance}`, each but the path when given.
    private static func fileArgument(_ expectation: FileExpectation) -> String {
        let number: (Int?) -> String? = { $0.map { "\($0)" } }
        return map([("path", quoted(expectation.path.path)), ("jpegQuality", number(expectation.jpegQuality)),
                    ("width", number(expectation.width)), ("height", number(expectation.height)),
                    ("sameAs", expectation.sameAs.map { quoted($0.relativePath) }), ("tolerance", number(expectation.tolerance))])
    }
}
