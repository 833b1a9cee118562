/// A command's name, from ``ScenarioCommandName``.
extension ScenarioCommand {
    /// The name a file writes this command with; never `runFlow`, whose commands are inlined.
    ///
    /// One exhaustive `switch`, so a command added to ``ScenarioCommand`` has a name before it
    /// compiles.
    public var commandName: ScenarioCommandName {
        switch self {
        case .launchApp: return .launchApp
        case .stopApp: return .stopApp
        case .killApp: return .killApp
        case .clearState: return .clearState
        case .addMedia: return .addMedia
        case .setPermissions: return .setPermissions
        case .tapOn: return .tapOn
        case .tapWith(_, let options), .tapOnPoint(_, let options): return options.written
        case .inputText: return .inputText
        case .inputRandom(.text): return .inputRandomText
        case .inputRandom(.number): return .inputRandomNumber
        case .inputRandom(.email): return .inputRandomEmail
        case .inputRandom(.personName): return .inputRandomPersonName
        case .eraseText: return .eraseText
        case .back: return .back
        case .hideKeyboard: return .hideKeyboard
        case .copyTextFrom: return .copyTextFrom
        case .pasteText: return .pasteText
        case .clearKeychain: return .clearKeychain
        case .pressKey: return .pressKey
        case .assertVisible: return .assertVisible
        case .assertNotVisible: return .assertNotVisible
        case .waitForAnimationToEnd: return .waitForAnimationToEnd
        case .takeScreenshot: return .takeScreenshot
        case .repeat, .repeatWhile: return .repeat
        case .conditional: return .runFlow
        case .retry: return .retry
        case .hookedFlow: return .runFlow
        case .extendedWaitUntil: return .extendedWaitUntil
        case .evalScript: return .evalScript
        case .runScript: return .runScript
        case .assertTrue: return .assertTrue
        case .setLocation: return .setLocation
        case .travel: return .travel
        case .scroll: return .scroll
        case .swipeScreen: return .swipe
        case .scrollUntilVisible: return .scrollUntilVisible
        case .openLink: return .openLink
        case .setAirplaneMode(let on): return on == nil ? .toggleAirplaneMode : .setAirplaneMode
        case .swipe: return .swipe
        case .simulateMemoryWarning: return .simulateMemoryWarning
        case .navigateBack: return .navigateBack
        case .terminateApp: return .terminateApp
        case .advanceClock: return .advanceClock
        case .pickPhoto: return .pickPhoto
        case .takePhoto: return .takePhoto
        case .cancelPicker: return .cancelPicker
        case .pickerResults: return .pickerResults
        case .removeMedia: return .removeMedia
        case .deleteFile: return .deleteFile
        case .assertPresented: return .assertPresented
        case .assertFile: return .assertFile
        case .assertNoFile: return .assertNoFile
        case .assertFiles: return .assertFiles
        case .assertQuery: return .assertQuery
        case .assertPreference: return .assertPreference
        case .assertNoLeaks: return .assertNoLeaks
        case .assertLeak: return .assertLeak
        case .assertCrashed: return .assertCrashed
        case .assertRunning: return .assertRunning
        case .assertNotifications: return .assertNotifications
        case .assertMemory: return .assertMemory
        case .assertTrace: return .assertTrace
        case .assertLibrary: return .assertLibrary
        case .injectFault: return .injectFault
        case .setFaultRate: return .setFaultRate
        case .crashAt: return .crashAt
        case .killAtTraceEvent: return .killAtTraceEvent
        }
    }

    /// The command's name as written in a file (`tapOn`).
    public var name: String { commandName.rawValue }

    /// Every command name a file may use, `runFlow` included, in ``ScenarioCommandName``'s order.
    public static var names: [String] { ScenarioCommandName.allCases.map(\.rawValue) }
}
