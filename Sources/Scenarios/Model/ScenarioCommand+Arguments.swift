/// `launchApp`'s options.
public struct LaunchOptions: Hashable, Sendable {
    /// Another app than the header's; nil for the header's.
    public var appId: String?
    /// Erase the app's data container first.
    public var clearState: Bool
    /// Stop a running app first (Maestro's default); `false` brings a backgrounded app forward.
    public var stopApp: Bool
    /// Privacy settings applied before launch.
    public var permissions: [PermissionGrant]
    /// Launch arguments (the seed apps' variants), in the file's order.
    public var arguments: [LaunchArgument]

    public init(appId: String? = nil, clearState: Bool = false, stopApp: Bool = true,
                permissions: [PermissionGrant] = [], arguments: [LaunchArgument] = []) {
        self.appId = appId
        self.clearState = clearState
        self.stopApp = stopApp
        self.permissions = permissions
        self.arguments = arguments
    }
}

/// One launch argument, its value as text (`strongObserver: true` gives `"true"`).
public struct LaunchArgument: Hashable, Sendable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A key for `pressKey`: Maestro's key names (KeyCode.kt's descriptions, matched in any case by
/// `KeyCode.getByName`), each raw value the name in lower case.
public enum DeviceKey: String, Hashable, Sendable, CaseIterable {
    /// The keyboard's return key.
    case enter
    /// The keyboard's delete key.
    case backspace
    case back
    /// The app goes to the background.
    case home
    /// The device locks: the app goes to the background.
    case lock
    case volumeUp = "volume up"
    case volumeDown = "volume down"
    case remoteUp = "remote dpad up"
    case remoteDown = "remote dpad down"
    case remoteLeft = "remote dpad left"
    case remoteRight = "remote dpad right"
    case remoteCenter = "remote dpad center"
    case remotePlayPause = "remote media play pause"
    case remoteStop = "remote media stop"
    case remoteNext = "remote media next"
    case remotePrevious = "remote media previous"
    case remoteRewind = "remote media rewind"
    case remoteFastForward = "remote media fast forward"
    case escape
    case power
    case tab
    case remoteSystemNavigationUp = "remote system navigation up"
    case remoteSystemNavigationDown = "remote system navigation down"
    case remoteButtonA = "remote button a"
    case remoteButtonB = "remote button b"
    case remoteMenu = "remote menu"
    case tvInput = "tv input"
    case tvInputHDMI1 = "tv input hdmi 1"
    case tvInputHDMI2 = "tv input hdmi 2"
    case tvInputHDMI3 = "tv input hdmi 3"

    /// Whether Maestro's iOS driver presses it (IOSDriver.kt `pressKey`: Backspace as the
    /// keyboard's `delete`, Enter as its `return`, Home and Lock as the device's buttons); it
    /// does nothing for every other key.
    public var pressesOnIOS: Bool { [.enter, .backspace, .home, .lock].contains(self) }
}

/// `swipe`'s direction, as Maestro spells it (any case is accepted).
public enum SwipeDirection: String, Hashable, Sendable, CaseIterable {
    case left = "LEFT"
    case right = "RIGHT"
    case up = "UP"
    case down = "DOWN"
}

/// The square `pickPhoto` crops to when the picker allows editing, in the image's pixels.
public struct PhotoCrop: Hashable, Sendable {
    public let x: Int
    public let y: Int
    public let size: Int

    public init(x: Int, y: Int, size: Int) {
        self.x = x
        self.y = y
        self.size = size
    }
}

/// What `takePhoto` gives the camera.
public enum CameraShot: Hashable, Sendable {
    /// A deterministic synthetic photo; nil sides mean the device type's camera size.
    case synthetic(width: Int?, height: Int?)
    /// This image file (camera injection).
    case image(SuiteFilePath)
}

/// A presented screen's style, as UIKit resolves it.
public enum PresentationStyle: String, Hashable, Sendable, CaseIterable {
    case fullScreen
    case pageSheet
    case formSheet
    case popover
    case actionSheet
    case alert
}

/// What `assertPresented` expects on top: a screen (by its title or type), a style, or both.
public struct PresentedExpectation: Hashable, Sendable {
    public let screen: String?
    public let style: PresentationStyle?

    public init(screen: String?, style: PresentationStyle?) {
        self.screen = screen
        self.style = style
    }
}

/// What `assertFile` checks of a file in the app's container.
public struct FileExpectation: Hashable, Sendable {
    public let path: AppPath
    /// The JPEG quality the file was written at (estimated from its quantization tables).
    public let jpegQuality: Int?
    public let width: Int?
    public let height: Int?
    /// A reference image whose pixels the file's must match.
    public let sameAs: SuiteFilePath?
    /// The largest per-channel difference (0–255) still counted as the same pixel; nil for the
    /// runner's default.
    public let tolerance: Int?

    public init(path: AppPath, jpegQuality: Int? = nil, width: Int? = nil, height: Int? = nil,
                sameAs: SuiteFilePath? = nil, tolerance: Int? = nil) {
        self.path = path
        self.jpegQuality = jpegQuality
        self.width = width
        self.height = height
        self.sameAs = sameAs
        self.tolerance = tolerance
    }
}
