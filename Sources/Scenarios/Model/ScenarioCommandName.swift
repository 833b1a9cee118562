/// A scenario command's name as a file writes it: every command name, spelled once, here.
///
/// `runFlow` is one of them although no ``ScenarioCommand`` carries it: its file's commands are
/// inlined where it stood. The loader reads a command's name into one of these and decodes it
/// with one exhaustive `switch`, a command gives its name through ``ScenarioCommand/commandName``
/// (another), and the scenario writer writes that name back; so a name added here does not
/// compile until it is decoded, and a command added to ``ScenarioCommand`` does not compile until
/// it has a name, a summary and a written form.
///
/// The cases are in the order "did you mean" suggestions break ties in (the first wins).
///
/// ```swift
/// ScenarioCommandName(rawValue: "tapOn")     // .tapOn
/// ScenarioCommandName(rawValue: "tapon")     // nil: names are matched exactly
/// ScenarioCommand.back.commandName.rawValue  // "back"
/// ```
public enum ScenarioCommandName: String, Hashable, Sendable, CaseIterable {
    // Maestro's commands.
    case launchApp
    case stopApp
    case killApp
    case clearState
    case addMedia
    case setPermissions
    case tapOn
    case doubleTapOn
    case longPressOn
    case inputText
    case inputRandomText
    case inputRandomNumber
    case inputRandomEmail
    case inputRandomPersonName
    case eraseText
    case back
    case hideKeyboard
    case copyTextFrom
    case pasteText
    case clearKeychain
    case pressKey
    case assertVisible
    case assertNotVisible
    case extendedWaitUntil
    case waitForAnimationToEnd
    case takeScreenshot
    case runFlow
    case `repeat`
    case retry
    case setLocation
    case openLink
    case action
    case setAirplaneMode
    case scroll
    case scrollUntilVisible
    case travel
    case toggleAirplaneMode
    case swipe
    case evalScript
    case runScript
    case assertTrue

    // PhotoSim's commands.
    case simulateMemoryWarning
    case navigateBack
    case terminateApp
    case advanceClock
    case pickPhoto
    case takePhoto
    case cancelPicker
    case pickerResults
    case removeMedia
    case deleteFile
    case assertPresented
    case assertFile
    case assertNoFile
    case assertFiles
    case assertQuery
    case assertPreference
    case assertNoLeaks
    case assertLeak
    case assertCrashed
    case assertRunning
    case assertNotifications
    case assertMemory
    case assertTrace
    case assertLibrary

    // Faults (docs/faults.md).
    case injectFault
    case setFaultRate
    case crashAt
    case killAtTraceEvent
}
