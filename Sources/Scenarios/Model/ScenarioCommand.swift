import Platform

/// One command of a scenario, with its arguments typed and checked.
///
/// The names are Maestro's where Maestro has the command (`launchApp`, `tapOn`, `repeat`, …)
/// and PhotoSim's own for platform events and checks (`simulateMemoryWarning`, `pickPhoto`,
/// `assertFile`, …); docs/scenarios.md describes each, and ``ScenarioCommandName`` spells them
/// (``commandName``). `runFlow` does not appear: its file's commands are inlined where it stood
/// (see ``ScenarioStep/callers``).
public enum ScenarioCommand: Hashable, Sendable {
    // Maestro's commands.
    case launchApp(LaunchOptions)
    case stopApp(appId: String?)
    case killApp(appId: String?)
    case clearState(appId: String?)
    case addMedia([SuiteFilePath])
    case setPermissions([PermissionGrant])
    case tapOn(ElementSelector)
    /// Maestro's `tapOn` with `repeat`/`delay`, `doubleTapOn` and `longPressOn`: taps on the
    /// element as the options say.
    case tapWith(ElementSelector, TapOptions)
    /// Maestro's `tapOn`, `doubleTapOn` or `longPressOn` with `point` (TapOnPointV2Command):
    /// taps at `"x, y"` in points or `"x%, y%"` of the screen, as written (its `${…}` worked out
    /// when it runs), with the options' taps.
    case tapOnPoint(String, TapOptions)
    case inputText(String)
    /// Maestro's `inputRandom…`: text drawn from the seed, typed as `inputText` types.
    case inputRandom(RandomInput)
    case eraseText(characters: Int)
    /// Maestro's `back`, which its iOS driver does not press (IOSDriver.kt `backPress() {}`):
    /// nothing happens, with a warning that names ``navigateBack``.
    case back
    /// Maestro's `hideKeyboard`: the focused text field gives up the keyboard.
    case hideKeyboard
    /// Maestro's `copyTextFrom`: the element's text becomes the copied text (`pasteText`).
    case copyTextFrom(ElementSelector)
    /// Maestro's `pasteText`: types the copied text, if any.
    case pasteText
    /// Maestro's `clearKeychain`: the device's keychain is emptied (it holds nothing here).
    case clearKeychain
    case pressKey(DeviceKey)
    case assertVisible(ElementSelector)
    case assertNotVisible(ElementSelector)
    case waitForAnimationToEnd
    case takeScreenshot(name: String)
    /// The body runs `times` times; the runner repeats it.
    case `repeat`(times: Int, steps: [ScenarioStep])
    /// Maestro's `extendedWaitUntil: {visible | notVisible, timeout}`: the world's clock moves
    /// on until the condition holds, failing once `timeout` has passed.
    case extendedWaitUntil(FlowCondition, timeout: ScenarioDuration)
    /// Maestro's `repeat: {while, times, commands}`: the steps again while the condition holds,
    /// at most `times` runs (nil: until it does not hold, bounded by the runner).
    case repeatWhile(FlowCondition, times: Int?, steps: [ScenarioStep])
    /// Maestro's `retry: {maxRetries, commands | file}`: the steps, run again from the first
    /// after a failure, at most `maxRetries` more times (Maestro's 1 by default, 3 at most).
    case retry(maxRetries: Int, steps: [ScenarioStep])
    /// Maestro's `runFlow: {when, …}`: the flow's steps, run only when the condition holds.
    case conditional(FlowCondition, steps: [ScenarioStep])
    /// A `runFlow` file with its own `onFlowStart` and `onFlowComplete` (Orchestra.kt
    /// `runSubFlow`): the start hook, then (when it passed) the flow's steps, then the complete
    /// hook whatever happened.
    case hookedFlow(onStart: [ScenarioStep], steps: [ScenarioStep], onComplete: [ScenarioStep])
    /// Maestro's `evalScript`: the text's `${…}` scripts run; their values are not used.
    case evalScript(String)
    /// Maestro's `runScript: {file, env, when}`: a JavaScript file, run with its `env` bound.
    case runScript(ScriptFile)
    /// Maestro's `assertTrue`: the text, its `${…}` worked out, must hold as a condition's
    /// `true` does (``FlowCondition/scriptHolds(_:)``).
    case assertTrue(String)
    case setLocation(latitude: Double, longitude: Double)
    /// Maestro's `openLink: URL` or `{link, browser, autoVerify}` (YamlOpenLink.kt): on iOS,
    /// Maestro's driver runs `simctl openurl <device> <link>` and uses neither flag
    /// (IOSDriver.kt `openLink`, SimctlIOSDevice.kt). The link goes to the app whose Info.plist
    /// names its scheme in `CFBundleURLTypes`.
    case openLink(String)
    /// Maestro's `setAirplaneMode: enabled | disabled` (`on`) and `toggleAirplaneMode` (nil):
    /// as on Maestro's iOS driver, a warning that iOS simulators have no airplane mode.
    case setAirplaneMode(on: Bool?)
    /// Maestro's `scroll`: a drag from the screen's middle to a tenth from its top
    /// (IOSDriver.kt `scrollVertical`).
    case scroll
    /// Maestro's swipes across the screen (`swipe: {direction}`, `{start, end}`): a drag between
    /// two points, as fractions of the screen or in points.
    case swipeScreen(ScreenDrag)
    /// Maestro's `scrollUntilVisible`: drags from the middle in the direction until the element
    /// is visible enough, or the timeout has passed on the world's clock.
    case scrollUntilVisible(ScrollSearch)
    /// Maestro's `travel: {points, speed}`: the device moves from point to point at `speed`
    /// metres per second, its location set 50 times a leg (Traveller.kt).
    case travel(points: [Coordinate], speed: Double)
    case swipe(from: ElementSelector, direction: SwipeDirection)

    // PhotoSim's commands.
    case simulateMemoryWarning
    /// What a user does to leave the screen on top: the navigation bar's back button, or the
    /// cancel of what is presented (a picker's Cancel, an alert's cancel action).
    case navigateBack
    /// The system ends the running app while it runs, as iOS ends an app it must terminate:
    /// `applicationWillTerminate(_:)` and `UIApplication.willTerminateNotification`, then the
    /// process exits. (Maestro's `stopApp` and `killApp` are `simctl terminate`: no notification.)
    case terminateApp
    case advanceClock(ScenarioDuration)
    case pickPhoto(AssetSelector, crop: PhotoCrop?)
    case takePhoto(CameraShot)
    case cancelPicker
    case pickerResults(assets: [AssetSelector], failing: [AssetSelector])
    case removeMedia(AssetSelector)
    case deleteFile(AppPath)
    /// nil: nothing is presented.
    case assertPresented(PresentedExpectation?)
    case assertFile(FileExpectation)
    case assertNoFile(AppPath)
    case assertFiles(folder: AppPath, names: [String])
    case assertQuery(store: AppPath, sql: String, rows: [[ScenarioValue]])
    case assertPreference(key: String, equals: ScenarioValue)
    case assertNoLeaks
    /// Exactly one leak, of `type`; with `retainedBy`, held by that (an observer's registrant or
    /// notification name; `NotificationCenter` for any observer). An app process knows no
    /// retainer yet, so there `retainedBy` is refused before the run.
    case assertLeak(type: String, retainedBy: String?)
    /// nil: any reason.
    case assertCrashed(reason: String?)
    case assertRunning
    case assertNotifications([String])
    case assertMemory(footprintBelow: ByteSize?, cacheEmpty: Bool?)
    /// nil count: at least one line contains the text.
    case assertTrace(contains: String, count: Int?)
    case assertLibrary(count: Int)

    // Faults (docs/faults.md).
    case injectFault(FaultInjection)
    /// Every later write, sync, remove and rename fails with this chance (seeded); 0 stops it.
    case setFaultRate(Double)
    /// Kill the app the `occurrence`-th time it reaches the named crash point.
    case crashAt(point: String, occurrence: Int)
    case killAtTraceEvent(TraceEventKill)
}

/// A `runScript`'s file: its code (read when the scenario loads, as Maestro reads it), the
/// variables it runs with (their values may hold `${…}`), and when it runs.
public struct ScriptFile: Hashable, Sendable {
    /// The file as the scenario names it, for errors and the trace.
    public var path: String
    public var code: String
    public var environment: [String: String]
    /// Maestro's `when`: the script runs only when it holds.
    public var condition: FlowCondition?

    public init(path: String, code: String, environment: [String: String] = [:], condition: FlowCondition? = nil) {
        self.path = path
        self.code = code
        self.environment = environment
        self.condition = condition
    }
}

/// How Maestro taps (maestro-orchestra TapOnElementCommand, YamlFluentCommand `tapCommand`):
/// `repeat` taps `delay` apart (`doubleTapOn`: two, 100 ms apart), or one long press (3 s held,
/// as IOSDriver.kt's `longPress`).
public struct TapOptions: Hashable, Sendable {
    /// The command as written: `tapOn`, `doubleTapOn` or `longPressOn`.
    public var written: ScenarioCommandName
    public var count: Int
    /// Between taps.
    public var delay: ScenarioDuration
    public var longPress: Bool
    /// Maestro's `waitUntilVisible` (false when missing, Orchestra.kt `tapOnElement`): when a
    /// tap changed nothing and the element is not on top at its centre, wait for it to be, then
    /// tap once more.
    public var waitUntilVisible: Bool

    /// TapOnElementCommand.DEFAULT_REPEAT_DELAY.
    public static let defaultDelay = ScenarioDuration(milliseconds: 100)
    /// How long IOSDriver holds a long press.
    public static let longPressHold = ScenarioDuration(milliseconds: 3_000)

    public init(written: ScenarioCommandName = .tapOn, count: Int = 1, delay: ScenarioDuration = TapOptions.defaultDelay,
                longPress: Bool = false, waitUntilVisible: Bool = false) {
        self.written = written
        self.count = count
        self.delay = delay
        self.longPress = longPress
        self.waitUntilVisible = waitUntilVisible
    }
}

/// A point of the screen as Maestro's `tapOn: {point}` reads it (Orchestra.kt
/// `tapOnPointV2Command`): with a `%` anywhere, whole percentages of the screen's width and
/// height (0–100), else whole points; two numbers apart by a comma.
public struct ScreenPoint: Hashable, Sendable {
    public let x: Int
    public let y: Int
    public let isPercent: Bool

    /// The point `text` writes, nil when it is none (Maestro's “Invalid point”).
    public init?(_ text: String) {
        let isPercent = text.contains("%")
        let parts = (isPercent ? text.replacingOccurrences(of: "%", with: "") : text).split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int(parts[0].trimmingCharacters(in: .whitespaces)),
              let y = Int(parts[1].trimmingCharacters(in: .whitespaces)),
              !isPercent || ((0...100).contains(x) && (0...100).contains(y)) else { return nil }
        (self.x, self.y, self.isPercent) = (x, y, isPercent)
    }

    /// Where it is on a screen `width` x `height` points, as Maestro's `tapOnRelative` works
    /// it out on the device's whole-point grid (`widthGrid * percentX / 100`).
    public func inPoints(width: Double, height: Double) -> (x: Double, y: Double) {
        guard isPercent else { return (Double(x), Double(y)) }
        return (Double(Int(width) * x / 100), Double(Int(height) * y / 100))
    }
}

/// Maestro's `scrollUntilVisible` (YamlScrollUntilVisible.kt, Orchestra.kt `scrollUntilVisible`).
public struct ScrollSearch: Hashable, Sendable {
    public var element: ElementSelector
    /// Where the content moves: `DOWN` drags the finger up.
    public var direction: SwipeDirection
    public var timeout: ScenarioDuration
    /// How much of the element must be on screen, in percent.
    public var visibilityPercentage: Int

    public init(element: ElementSelector, direction: SwipeDirection = .down, timeout: ScenarioDuration = ScenarioDuration(milliseconds: 20_000),
                visibilityPercentage: Int = 100) {
        self.element = element
        self.direction = direction
        self.timeout = timeout
        self.visibilityPercentage = visibilityPercentage
    }

    /// The drag from the middle of the screen that scrolls the content `direction`, in
    /// fractions of the screen (ScrollDirection `toSwipeDirection`, IOSDriver.kt
    /// `swipe(elementPoint:direction:)`; `DOWN` is also `scroll`'s, IOSDriver's `scrollVertical`).
    public static func drag(scrolling direction: SwipeDirection) -> (from: (x: Double, y: Double), to: (x: Double, y: Double)) {
        switch direction {
        case .down: return ((0.5, 0.5), (0.5, 0.1))
        case .up: return ((0.5, 0.5), (0.5, 0.9))
        case .right: return ((0.5, 0.5), (0.1, 0.5))
        case .left: return ((0.5, 0.5), (0.9, 0.5))
        }
    }
}

/// A drag across the screen (maestro-orchestra SwipeCommand): by direction, between the points
/// IOSDriver.kt's `swipe(swipeDirection:)` uses, or between two points in percent of the screen
/// or in points.
public struct ScreenDrag: Hashable, Sendable {
    public enum Unit: String, Hashable, Sendable { case fraction, points }
    public var start: [Double]
    public var end: [Double]
    public var unit: Unit
    /// As the scenario wrote it, for reports (`UP`, `50%, 90% → 50%, 10%`).
    public var written: String

    public init(start: [Double], end: [Double], unit: Unit, written: String) {
        self.start = start
        self.end = end
        self.unit = unit
        self.written = written
    }

    /// IOSDriver.kt `swipe(swipeDirection:durationMs:)`'s points, as fractions of the screen.
    public static func direction(_ direction: SwipeDirection) -> ScreenDrag {
        let (start, end): ([Double], [Double])
        switch direction {
        case .up: (start, end) = ([0.5, 0.9], [0.5, 0.1])
        case .down: (start, end) = ([0.5, 0.2], [0.5, 0.9])
        case .right: (start, end) = ([0.1, 0.5], [0.9, 0.5])
        case .left: (start, end) = ([0.9, 0.5], [0.1, 0.5])
        }
        return ScreenDrag(start: start, end: end, unit: .fraction, written: direction.rawValue)
    }
}
