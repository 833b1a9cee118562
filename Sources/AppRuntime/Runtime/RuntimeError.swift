import Core
import Platform
import World

/// Why a host or driver call could not do what it was asked; the message says what is there instead.
public enum RuntimeError: Error, Equatable, CustomStringConvertible {
    /// No device type has this name or identifier.
    case unknownDeviceType(String)
    /// The app is not installed on that device.
    case notInstalled(bundleIdentifier: String, device: String)
    /// The step needs a running app in the foreground.
    case appNotRunning(state: String)
    /// No element on screen matches; `onScreen` lists what is there.
    case noSuchElement(query: String, screen: String, onScreen: [String])
    /// The element exists but cannot take this action (disabled, not a text field, no delete).
    case elementCannotAct(element: String, action: String)
    /// No text field has the keyboard.
    case noFocusedTextField(screen: String)
    /// The step needs a presented screen of another kind (a picker, the camera).
    case wrongScreen(expected: String, actual: String)
    /// `pickPhoto` asked for an asset the library does not have.
    case noSuchAsset(index: Int, count: Int)
    /// No asset in the library has this `localIdentifier`.
    case unknownAsset(localIdentifier: String)
    /// The camera cannot take photos (access denied).
    case cameraUnavailable(reason: String)
    /// The image handed to the camera (``AppHost/takePhoto(imageData:)``) cannot be decoded;
    /// checked before the app sees anything, so a bad test input is not an app crash.
    case unusableCameraImage(ImageError)
    /// Nothing to go back from.
    case nothingToGoBack(screen: String)
    /// The world stopped (a bound, a deadlock): the run is over.
    case world(WorldFailure)

    public var description: String {
        switch self {
        case .unknownDeviceType(let name):
            return "no device type is called \(name); see `simctl list devicetypes`"
        case .notInstalled(let bundle, let device):
            return "\(bundle) is not installed on \(device); install it or use a temporary device"
        case .appNotRunning(let state):
            return "the app is not running in the foreground (it is \(state)); launch it first"
        case .noSuchElement(let query, let screen, let onScreen):
            return "nothing labelled or identified \(query) on \(screen); on screen: "
                + (onScreen.isEmpty ? "nothing" : onScreen.joined(separator: ", "))
        case .elementCannotAct(let element, let action):
            return "\(element) cannot \(action)"
        case .noFocusedTextField(let screen):
            return "no text field has the keyboard on \(screen); tap one first"
        case .wrongScreen(let expected, let actual):
            return "expected \(expected) to be presented, but \(actual) is"
        case .noSuchAsset(let index, let count):
            return "the library has \(count) photos; there is no index \(index) (negative counts from the newest)"
        case .unknownAsset(let identifier):
            return "the library has no asset \(identifier); see `simctl media list`"
        case .cameraUnavailable(let reason):
            return "the camera cannot take a photo: \(reason)"
        case .unusableCameraImage(let error):
            return "the image given to the camera cannot be used (\(error)); give a JPEG, PNG, HEIC or GIF file that opens in an image viewer"
        case .nothingToGoBack(let screen):
            return "nothing to go back from on \(screen): no back button and nothing presented"
        case .world(let failure):
            return failure.description
        }
    }
}
