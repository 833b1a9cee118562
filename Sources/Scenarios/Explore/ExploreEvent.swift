/// The user and platform events exploration draws, each written as scenario commands.
///
/// One place to grow the vocabulary: a new event is a case here, its weight in ``weight``, and
/// its commands in `ExploreGenerator.commands(for:)` (an event the scenario language cannot say
/// yet needs its scenario word first, in docs/scenarios.md).
public enum ExploreEvent: String, CaseIterable, Sendable {
    /// Tap a visible, enabled element (a button, a cell, a text field, a prompt's button).
    case tap
    /// Type a word into the focused text field.
    case edit
    /// Erase a few characters of the focused text field.
    case erase
    /// Swipe a row left and tap its Delete.
    case delete
    /// Pick an asset in a presented library picker.
    case pick
    /// Take a (small, synthetic) photo in a presented camera.
    case takePhoto
    /// Answer a presented PHPicker with one asset, which may fail to load.
    case pickerResults
    /// The picker's Cancel.
    case cancelPicker
    /// The navigation bar's back button, or dismiss what is presented.
    case back
    /// The home button: the app goes to the background.
    case background
    /// Bring the app back to the foreground.
    case foreground
    /// Simulate a memory warning.
    case memoryWarning
    /// Kill the app with no notification (the next event relaunches it).
    case kill
    /// Launch the app after it ended (killed, crashed, terminated).
    case relaunch
    /// Arm a crash point not yet armed (`crashAt`): the app is killed, its disk frozen, the next
    /// time it gets there, in the middle of whatever operation it is doing.
    case killMidOperation
    /// In an app process, kill it right after the next file it writes in `Documents` or
    /// `Library` (`killAtTraceEvent: {contains: "file written Documents/"}`): a kill at any
    /// moment of the app's own code, as on a device, where Core's crash points mark only Core's.
    case killAtFileWrite
    /// Make one of the next few writes, syncs, removes or renames of the app's disk fail
    /// (`injectFault`: disk full, I/O error, short write or `fsync` failure). A file left by a
    /// failed remove is the next launch's sweep to take, and the checkers excuse it until then.
    case diskFault
    /// Change the camera or photos permission, as `simctl privacy`.
    case permissions
    /// Add a small photo to the library.
    case addMedia
    /// Remove an asset from the library.
    case removeMedia
    /// Move virtual time forward (a second to a day).
    case clockJump

    /// How often the event is drawn among those possible now.
    var weight: UInt64 {
        switch self {
        case .tap: return 40
        case .pick, .takePhoto, .pickerResults: return 60
        case .edit, .delete: return 10
        case .cancelPicker, .back: return 6
        case .killMidOperation: return 10
        case .diskFault: return 4
        case .erase, .background, .memoryWarning, .kill, .killAtFileWrite: return 3
        case .permissions, .addMedia, .removeMedia, .clockJump: return 2
        case .foreground, .relaunch: return 1
        }
    }
}
