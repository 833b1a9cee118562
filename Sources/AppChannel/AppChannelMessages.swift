import Foundation

// The words an app process and the simulator exchange over the channel the simulator opened
// when it launched the app (`AppChannel`). The host speaks `HostMessage`s: launch, lifecycle
// transitions, memory warnings, taps and text; after each one the app runs its main queue until
// it is idle and answers with one `AppMessage`: the element tree of its window, its state and
// the SDK events of the step. Nothing else crosses: an app shares no memory with the host.

/// What the simulator asks of an app process; each is answered with one ``AppMessage``.
public enum HostMessage: Codable, Equatable, Sendable {
    /// Finish launching: `application(_:willFinishLaunchingWithOptions:)`,
    /// `application(_:didFinishLaunchingWithOptions:)`, the window on screen, then active.
    case launch(LaunchRequest)
    /// The home button: inactive, then background.
    case enterBackground
    /// Back from the home screen: foreground, then active.
    case enterForeground
    /// Debug > Simulate Memory Warning.
    case memoryWarning
    /// A tap on the element of the last tree with this ``ElementNode/id``: a touch at the centre
    /// of its frame, which goes to the view on top there (UIKit's hit-testing) and the first
    /// view up from it that takes taps (a label in a cell: the cell); a touch nothing takes does
    /// nothing, as on a device.
    case tap(element: Int)
    /// A touch at a point of the window, in points (Maestro's `tapOn: {point}`), delivered as
    /// ``tap(element:)`` delivers one.
    case tapPoint(x: Double, y: Double)
    /// A swipe to the left on the element of the last tree with this id, or on the table row
    /// around it: the row's Delete button.
    case swipeLeft(element: Int)
    /// A finger dragged from one point of the window to another, in points (Maestro's swipes
    /// and scrolls): the table view under the start scrolls by the vertical distance.
    case swipe(fromX: Double, fromY: Double, toX: Double, toY: Double)
    /// The navigation bar's back button of the screen on top, when it shows one.
    case back
    /// The user picks a photo of the library in the presented picker: its bytes, its file name
    /// and its position in the library (for the name of the copy the picker makes); with the
    /// picker's editing on, the square the user moved and scaled it to (nil: the centre square,
    /// what the editor frames until it is touched).
    case pickImage(data: Data, fileName: String, number: Int, crop: CropSquare? = nil)
    /// The user takes a photo with the presented camera: the image the sensor gave, as an
    /// image file's bytes (one a scenario injected).
    case takePhoto(data: Data)
    /// The user takes a photo with the presented camera, and the sensor gives the simulator's
    /// synthetic picture: the app makes its pixels itself, as a camera hands over pixels, not a
    /// file (no JPEG is encoded on one side to be decoded on the other).
    case takeSyntheticPhoto(SyntheticCameraImage)
    /// The user chose these photos, in this order, in the presented photo picker
    /// (`PHPickerViewController`) and tapped its Add or the photo itself.
    case pickItems([PickedItem])
    /// The user taps Cancel in the presented picker.
    case cancelPicker
    /// Text typed into the first responder.
    case inputText(String)
    /// The keyboard's delete key pressed this many times on the first responder (Maestro's
    /// `eraseText`, which its iOS driver types as that many deletes).
    case eraseText(characters: Int)
    /// The tree as it is now, with nothing sent to the app.
    case describe
    /// The tree as it is now with what it takes to draw it (`simctl io screenshot`): each view's
    /// colours and text style and the pixels of the images on screen. Answered with
    /// ``AppMessage/drawing(_:)``; nothing is sent to the app.
    case draw
    /// The system ends the app: in the foreground it resigns active and enters the background,
    /// then `applicationWillTerminate(_:)`, and the process exits 0.
    case terminate
    /// The world's clock moves on by this much: the app's timers (`asyncAfter`, timed waits)
    /// due by then fire, in order, and the app settles.
    case advanceClock(nanoseconds: Int64)
    /// The answer to the app's ``AppMessage/library(_:)`` question (not a step of its own).
    case libraryAnswer(LibraryAnswer)
    /// The device's photo library changed behind the app (`simctl addmedia`, a scenario's
    /// `addMedia` or `removeMedia`): Photos tells the app's change observers.
    case libraryChanged
    /// A scenario's `injectFault`: from now, the rule's `nth` matching file call of the app on
    /// its container fails (docs/faults.md, "In an app process").
    case injectFault(AppFaultRule)
    /// A scenario's `setFaultRate`: every later file change of the app fails with this chance,
    /// drawn from the seed; 0 stops.
    case setFaultRate(Double)
    /// A scenario's `killAtTraceEvent: {contains: text}`: the app is killed right after the first
    /// trace line with this text that it makes, an event of its own or a file it finishes
    /// writing or removes, answered with ``AppMessage/killedAtTraceEvent(line:events:)``.
    case killAtTraceEvent(containing: String)
    /// A scenario's `crashAt`: the app is killed the `passes`-th time (from now) its code on
    /// Core passes the point (`CrashPoint.reachedObserver`), answered with
    /// ``AppMessage/killedAtTraceEvent(line:events:)`` whose line is ``crashPointLine(_:)``;
    /// each settled step says how many passes are left (``SettledStep/crashPointPassesLeft``).
    case crashAt(point: String, passes: Int)
    /// Maestro's `hideKeyboard`: the first responder resigns, so the keyboard goes away.
    case hideKeyboard
    /// `simctl openurl` with a link whose scheme the app's Info.plist names: the app, brought
    /// to the foreground when it is in the background, opens it (`application(_:open:options:)`).
    case openURL(String)
    /// The device is somewhere else now (`simctl location set`, a scenario's `setLocation` or a
    /// step of its `travel`): Core Location tells the managers that are updating.
    case setLocation(DeviceCoordinate)
    /// The device's privacy settings changed while the app runs (`simctl privacy`, a scenario's
    /// `setPermissions`): what the app reads of them from now on, in ``LaunchRequest``'s words.
    case privacyChanged(PrivacyAnswers)
}

/// What the device's privacy settings answer an app: each `granted`, `denied` (photos also
/// `limited`, `restricted`), or nil while undecided, as ``LaunchRequest`` carries them.
public struct PrivacyAnswers: Codable, Equatable, Sendable {
    public var cameraAccess: String?
    public var photosAccess: String?
    public var photosAddAccess: String?
    public var locationAccess: String?

    public init(cameraAccess: String?, photosAccess: String?, photosAddAccess: String?, locationAccess: String?) {
        self.cameraAccess = cameraAccess
        self.photosAccess = photosAccess
        self.photosAddAccess = photosAddAccess
        self.locationAccess = locationAccess
    }
}

extension LaunchRequest {
    /// Its privacy answers as one value, the one ``HostMessage/privacyChanged(_:)`` carries.
    public var privacy: PrivacyAnswers {
        get { PrivacyAnswers(cameraAccess: cameraAccess, photosAccess: photosAccess, photosAddAccess: photosAddAccess,
                             locationAccess: locationAccess) }
        set {
            cameraAccess = newValue.cameraAccess
            photosAccess = newValue.photosAccess
            photosAddAccess = newValue.photosAddAccess
            locationAccess = newValue.locationAccess
        }
    }
}

/// A square of a photo's stored pixels: its top left corner and its side.
public struct CropSquare: Codable, Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var side: Int

    public init(x: Int, y: Int, side: Int) {
        self.x = x
        self.y = y
        self.side = side
    }
}

/// The camera's deterministic stand-in for a photo: a diagonal gradient whose base colour is
/// the seed's, so the same seed takes the same picture; made the same way by the app host and
/// inside an app process.
public struct SyntheticCameraImage: Codable, Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// One draw of the world's camera stream.
    public var seed: UInt64

    public init(width: Int, height: Int, seed: UInt64) {
        self.width = width
        self.height = height
        self.seed = seed
    }

    /// Its pixels, 8-bit RGB, row by row from the top.
    public func rgbPixels() -> [UInt8] {
        let base = (UInt8(truncatingIfNeeded: seed), UInt8(truncatingIfNeeded: seed >> 8), UInt8(truncatingIfNeeded: seed >> 16))
        let rowBytes = width * 3
        return [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            for y in 0..<height {
                let shade = UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1))
                let row = y * rowBytes
                for x in 0..<width {
                    let across = UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1))
                    buffer[row + 3 * x] = base.0 &+ across
                    buffer[row + 3 * x + 1] = base.1 &+ shade
                    buffer[row + 3 * x + 2] = base.2 &+ (across >> 1) &+ (shade >> 1)
                }
            }
            count = rowBytes * height
        }
    }
}

/// A place on Earth in degrees (WGS 84), as the device's location services report it.
public struct DeviceCoordinate: Codable, Equatable, Sendable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

extension HostMessage {
    /// The line a kill at crash point `name` answers with: `crash point <name>`.
    public static func crashPointLine(_ name: String) -> String { crashPointPrefix + name }

    /// The crash point a kill's line names, if it is ``crashPointLine(_:)``'s.
    public static func crashPoint(inKillLine line: String) -> String? {
        line.hasPrefix(crashPointPrefix) ? String(line.dropFirst(crashPointPrefix.count)) : nil
    }

    private static let crashPointPrefix = "crash point "

    /// What one step takes of the world's clock (docs/determinism.md), the same on both ends:
    /// what the user or the system does takes a second, in which the app's timers due then
    /// fire; looking at the screen and answering the app take none; `advanceClock` what it says.
    public var worldSpanNanoseconds: Int64 {
        switch self {
        case .describe, .draw, .libraryAnswer, .libraryChanged, .injectFault, .setFaultRate, .killAtTraceEvent, .crashAt, .setLocation,
             .privacyChanged: 0
        case .advanceClock(let nanoseconds): nanoseconds
        default: 1_000_000_000
        }
    }
}

/// A photo chosen in a photo picker: its bytes as the library keeps them, its file name, its
/// `localIdentifier`, and whether loading it fails (the Simulator's known issue, IOS-FACTS §6).
public struct PickedItem: Codable, Equatable, Sendable {
    public var data: Data
    public var fileName: String
    public var localIdentifier: String
    public var fails: Bool

    public init(data: Data, fileName: String, localIdentifier: String, fails: Bool = false) {
        self.data = data
        self.fileName = fileName
        self.localIdentifier = localIdentifier
        self.fails = fails
    }
}

/// A disk-fault rule in Core's words (`FaultRule`: kind, operation, nth, path pattern) and its
/// description, which names it when it fires.
public struct AppFaultRule: Codable, Equatable, Sendable {
    /// `diskFull`, `ioError`, `shortWrite` or `fsyncFailure`.
    public var kind: String
    /// `write`, `sync`, `remove`, `rename`, `read`, `createDirectory` or `any`.
    public var operation: String
    public var nth: Int
    /// An `fnmatch` pattern on the container-relative path; nil for every path.
    public var pathPattern: String?
    public var description: String

    public init(kind: String, operation: String, nth: Int, pathPattern: String?, description: String) {
        self.kind = kind
        self.operation = operation
        self.nth = nth
        self.pathPattern = pathPattern
        self.description = description
    }
}

/// The screen and the device an app launches on.
public struct LaunchRequest: Codable, Equatable, Sendable {
    /// `UIScreen.main.bounds.size`, in points.
    public var screenWidth: Double
    public var screenHeight: Double
    /// `UIScreen.main.scale`.
    public var screenScale: Double
    /// `UIDevice.current.userInterfaceIdiom`: `phone` or `pad`.
    public var idiom: String
    /// Whether the device type has a camera (`UIImagePickerController.isSourceTypeAvailable(.camera)`).
    public var hasCamera: Bool
    /// What the user decided about the camera: `granted`, `denied`, or nil while undecided (the
    /// first camera use then asks).
    public var cameraAccess: String?
    /// The decoded-image footprint at which the system ends the app (jetsam `per-process-limit`);
    /// a memory warning comes at 80 % of it. Nil: no limit.
    public var memoryLimitBytes: Int?
    /// What the user decided about the photo library (read and write): `granted`, `denied`,
    /// `limited`, `restricted`, or nil while undecided.
    public var photosAccess: String?
    /// What the user decided about adding to the library only, as `photosAccess`.
    public var photosAddAccess: String?
    /// `CFBundleDisplayName` as the prompts name the app is read from the bundle; the system
    /// version decides the photos prompt's buttons (IOS-FACTS §8).
    public var systemVersion: String?
    /// The social services whose compose sheet is available (`SLServiceTypeTwitter`'s
    /// `com.apple.social.twitter`, …): none on iOS 11 and later, which dropped the system's
    /// accounts, unless a scenario's `socialServices` makes one available.
    public var socialServices: [String] = []
    /// The disk-fault rules still waiting and the fault rate, in force from the process's start.
    public var faultRules: [AppFaultRule] = []
    public var faultRate: Double = 0
    /// The text of a kill at a trace event still waiting (``HostMessage/killAtTraceEvent(containing:)``).
    public var killAtTraceEvent: String?
    /// The crash points armed and not yet reached, each with the passes left until it kills
    /// (``HostMessage/crashAt(point:passes:)``), carried over from the process before.
    public var crashPoints: [String: Int] = [:]
    /// The link the app is launched to open (`simctl openurl` while it is not running): its
    /// launch options carry it as `.url`, and `application(_:open:options:)` gets it.
    public var url: String?
    /// Where the device is, for Core Location (nil: location services have no fix).
    public var location: DeviceCoordinate?
    /// What the user decided about location services for the app: `whenInUse`, `always`,
    /// `denied`, or nil while undecided (`requestWhenInUseAuthorization()` then asks).
    public var locationAccess: String?

    public init(screenWidth: Double, screenHeight: Double, screenScale: Double, idiom: String, hasCamera: Bool = true,
                cameraAccess: String? = nil, memoryLimitBytes: Int? = nil) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.screenScale = screenScale
        self.idiom = idiom
        self.hasCamera = hasCamera
        self.cameraAccess = cameraAccess
        self.memoryLimitBytes = memoryLimitBytes
    }
}

/// An app process's answer to one ``HostMessage``.
public enum AppMessage: Codable, Equatable, Sendable {
    /// The step is done and the main queue is idle.
    case settled(SettledStep)
    /// The message could not be carried out (an element no longer there); nothing changed.
    case refused(String)
    /// The system is ending the process over its memory limit, as jetsam does (SIGKILL follows
    /// at once; no callback runs): why, and what the SDK did in the step until then.
    case jetsam(reason: String, events: [String])
    /// The app made the trace line a kill waited for (``HostMessage/killAtTraceEvent(containing:)``)
    /// and is killed now: the line, and what the SDK did in the step up to it.
    case killedAtTraceEvent(line: String, events: [String])
    /// The answer to ``HostMessage/draw``.
    case drawing(ScreenDrawing)
    /// In the middle of a step: a question for the device's photo library, as an app asks the
    /// system's photo service on iOS. The simulator answers with ``HostMessage/libraryAnswer(_:)``
    /// and the step goes on.
    case library(LibraryRequest)
}

/// What an app process asks of the device's photo library.
public enum LibraryRequest: Codable, Equatable, Sendable {
    /// The assets the app may see (all of them, or the limited selection), oldest first.
    case assets
    /// One asset's bytes as the library keeps them.
    case data(localIdentifier: String)
    /// The user answered the library's privacy prompt (`photos` or `photosAdd`: `granted`,
    /// `denied`, `limited`): the device keeps the answer, from this question on.
    case answered(service: String, answer: String)
    /// The app adds photos (the creation requests of one `performChanges`): image files' bytes,
    /// stored as `simctl addmedia` stores them, all or none.
    case add(images: [Data])
}

/// The library's answer.
public enum LibraryAnswer: Codable, Equatable, Sendable {
    case assets([LibraryAsset])
    /// The asset's bytes, or nil when it is not (or no longer) in the library.
    case data(Data?)
    /// The answer is kept.
    case recorded
    /// The photos the app added, in order, as the library now describes them.
    case added([LibraryAsset])
    /// The library did not take the photo: why (an image the library cannot read, a full disk).
    case refused(String)
}

/// One asset as the library describes it.
public struct LibraryAsset: Codable, Equatable, Sendable {
    public var localIdentifier: String
    public var fileName: String
    public var uniformTypeIdentifier: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Seconds since 1970.
    public var creationDate: Double
    /// Where the photo was taken (its EXIF GPS position), in degrees; nil without one.
    public var latitude: Double?
    public var longitude: Double?

    public init(localIdentifier: String, fileName: String, uniformTypeIdentifier: String, pixelWidth: Int, pixelHeight: Int,
                creationDate: Double, latitude: Double? = nil, longitude: Double? = nil) {
        self.localIdentifier = localIdentifier
        self.fileName = fileName
        self.uniformTypeIdentifier = uniformTypeIdentifier
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.creationDate = creationDate
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// What the screen looks like, for drawing it from the view hierarchy: the settled step, the
/// window's whole hierarchy as drawn, the look of each of its elements that has one, and the
/// images shown.
public struct ScreenDrawing: Codable, Equatable, Sendable {
    public var step: SettledStep
    /// The window as drawn: the step's tree, plus what a modal view hides from it (the screen
    /// under an alert). Its ids are its own: ``looks`` and ``images`` name them.
    public var tree: ElementNode
    /// Looks by element of ``tree``, in element order; an element with none is drawn in its
    /// kind's defaults.
    public var looks: [ViewLook]
    /// The images on-screen image views show, in element order.
    public var images: [ShownImage]

    public init(step: SettledStep, tree: ElementNode, looks: [ViewLook], images: [ShownImage]) {
        self.step = step
        self.tree = tree
        self.looks = looks
        self.images = images
    }
}

/// How one element's view is drawn: its own settings (`backgroundColor`, `textColor`, `font`,
/// `textAlignment`) as the app made them.
public struct ViewLook: Codable, Equatable, Sendable {
    /// The ``ElementNode/id`` of the element in ``ScreenDrawing/tree``.
    public var element: Int
    /// The text the view shows (a label's text, a button's title, a field's text or else its
    /// placeholder).
    public var text: String?
    /// Red, green, blue, alpha from 0 to 1; nil for a clear background.
    public var background: [Double]?
    public var textColor: [Double]?
    public var fontSize: Double?
    public var bold: Bool
    /// `left`, `center` or `right`.
    public var alignment: String?
    /// More than one line of text (`numberOfLines` other than 1, a text view).
    public var wraps: Bool
    public var cornerRadius: Double

    public init(element: Int, text: String? = nil, background: [Double]? = nil, textColor: [Double]? = nil, fontSize: Double? = nil,
                bold: Bool = false, alignment: String? = nil, wraps: Bool = false, cornerRadius: Double = 0) {
        self.element = element
        self.text = text
        self.background = background
        self.textColor = textColor
        self.fontSize = fontSize
        self.bold = bold
        self.alignment = alignment
        self.wraps = wraps
        self.cornerRadius = cornerRadius
    }
}

/// The image an image view shows, upright (its orientation applied), as PNG bytes no larger
/// than twice the view's size in pixels.
public struct ShownImage: Codable, Equatable, Sendable {
    /// The ``ElementNode/id`` of the image view in ``ScreenDrawing/tree``.
    public var element: Int
    public var png: Data
    /// The view's `contentMode`: `scaleToFill`, `scaleAspectFit`, `scaleAspectFill`, or
    /// another `UIView.ContentMode` case's name (drawn as `scaleAspectFit`).
    public var contentMode: String

    public init(element: Int, png: Data, contentMode: String) {
        self.element = element
        self.png = png
        self.contentMode = contentMode
    }
}

/// The state of an app process once its main queue is idle.
public struct SettledStep: Codable, Equatable, Sendable {
    /// `UIApplication.shared.applicationState`: `active`, `inactive` or `background`.
    public var applicationState: String
    /// The key window's elements, from its view hierarchy.
    public var tree: ElementNode
    /// What the SDK did in this step, in order: the delegate and view-controller callbacks it
    /// made and the notifications it posted (`UIApplicationDidBecomeActiveNotification`).
    public var events: [String]
    /// The presented view controllers, bottom first, with their titles and the presentation
    /// style they are shown in.
    public var presentations: [Presentation]
    /// The type names of the presented view controllers, bottom first.
    public var presented: [String] { presentations.map(\.typeName) }
    /// The title of the system alert over the app (a privacy prompt), if one is up.
    public var systemAlert: String?
    /// How many main-queue rounds the step ran before the queue was idle.
    public var mainQueueRounds: Int
    /// The view controllers still alive after they left the screen in an earlier step.
    public var leaks: [LeakedController]
    /// The bytes of decoded images the app holds (its `UIImage`s' pixels).
    public var imageBytes: Int
    /// Of those, the bytes of the images an on-screen image view shows, each image once.
    public var imageBytesOnScreen: Int
    /// How many calls that can change its data container the process has made since it
    /// started (CAppWorld's `photosim_faults_change_count`); nil from an app that does not count.
    public var containerChanges: Int?
    /// The armed crash points and the passes each has left until it kills the app.
    public var crashPointPassesLeft: [String: Int] = [:]

    public init(applicationState: String, tree: ElementNode, events: [String], presentations: [Presentation], mainQueueRounds: Int,
                leaks: [LeakedController] = [], systemAlert: String? = nil, imageBytes: Int = 0, imageBytesOnScreen: Int = 0,
                containerChanges: Int? = nil, crashPointPassesLeft: [String: Int] = [:]) {
        self.applicationState = applicationState
        self.tree = tree
        self.events = events
        self.mainQueueRounds = mainQueueRounds
        self.leaks = leaks
        self.presentations = presentations
        self.systemAlert = systemAlert
        self.imageBytes = imageBytes
        self.imageBytesOnScreen = imageBytesOnScreen
        self.containerChanges = containerChanges
        self.crashPointPassesLeft = crashPointPassesLeft
    }
}

/// A presented view controller as the screen shows it.
public struct Presentation: Codable, Equatable, Sendable {
    /// Its type's name (`UIImagePickerController`).
    public var typeName: String
    /// Its title, or an alert's title.
    public var title: String?
    /// The style it is shown in, as `UIModalPresentationStyle` names it once iOS has adapted it
    /// to the device (`fullScreen`, `pageSheet`, `formSheet`, `popover`), or `alert` /
    /// `actionSheet` for an alert controller shown as one.
    public var style: String
    /// An image picker's `sourceType` raw value (`photoLibrary` 0, `camera` 1,
    /// `savedPhotosAlbum` 2); nil for anything else.
    public var sourceType: Int?

    public init(typeName: String, title: String?, style: String, sourceType: Int? = nil) {
        self.typeName = typeName
        self.title = title
        self.style = style
        self.sourceType = sourceType
    }
}

/// A view controller alive after it left the screen.
public struct LeakedController: Codable, Equatable, Sendable {
    /// Its type's name.
    public var typeName: String
    /// The step (counted from 1, the launch) in which it left the screen.
    public var leftAtStep: Int

    public init(typeName: String, leftAtStep: Int) {
        self.typeName = typeName
        self.leftAtStep = leftAtStep
    }
}

/// One element of an app's window, as the view hierarchy gives it (Maestro reads the same
/// attributes from XCUITest: text, accessibility id, value, placeholder, bounds, enabled,
/// focused, selected).
public struct ElementNode: Codable, Equatable, Sendable {
    /// Its position in the depth-first walk of the tree it came in, from 0 (the window).
    public var id: Int
    /// What the view is: `window`, `view`, `label`, `button`, `textField`, `textView`, `switch`,
    /// `image`, `navigationBar`, `cell`, `table`.
    public var kind: String
    /// Its accessibility label, as iOS derives it (a label's text, a button's title).
    public var label: String?
    /// Its accessibility identifier.
    public var identifier: String?
    /// Its accessibility value (a text field's text, a switch's `1`/`0`).
    public var value: String?
    /// A text field's placeholder.
    public var placeholder: String?
    /// Its frame in the window's coordinates, in points: x, y, width, height.
    public var frame: [Double]
    public var isEnabled: Bool
    public var isFocused: Bool
    public var isSelected: Bool
    public var children: [ElementNode]

    public init(id: Int, kind: String, label: String? = nil, identifier: String? = nil, value: String? = nil,
                placeholder: String? = nil, frame: [Double], isEnabled: Bool = true, isFocused: Bool = false,
                isSelected: Bool = false, children: [ElementNode] = []) {
        self.id = id
        self.kind = kind
        self.label = label
        self.identifier = identifier
        self.value = value
        self.placeholder = placeholder
        self.frame = frame
        self.isEnabled = isEnabled
        self.isFocused = isFocused
        self.isSelected = isSelected
        self.children = children
    }

    /// A node crosses the channel as an array in the order of the fields above (`null` for a
    /// missing string): a tree is most of every answer, and an array is far cheaper for
    /// Foundation's coders to write and read than an object with sorted keys.
    public func encode(to encoder: Encoder) throws {
        var fields = encoder.unkeyedContainer()
        try fields.encode(id)
        try fields.encode(kind)
        for text in [label, identifier, value, placeholder] {
            if let text { try fields.encode(text) } else { try fields.encodeNil() }
        }
        try fields.encode(frame)
        try fields.encode(isEnabled)
        try fields.encode(isFocused)
        try fields.encode(isSelected)
        try fields.encode(children)
    }

    public init(from decoder: Decoder) throws {
        var fields = try decoder.unkeyedContainer()
        id = try fields.decode(Int.self)
        kind = try fields.decode(String.self)
        label = try fields.decodeIfPresent(String.self)
        identifier = try fields.decodeIfPresent(String.self)
        value = try fields.decodeIfPresent(String.self)
        placeholder = try fields.decodeIfPresent(String.self)
        frame = try fields.decode([Double].self)
        isEnabled = try fields.decode(Bool.self)
        isFocused = try fields.decode(Bool.self)
        isSelected = try fields.decode(Bool.self)
        children = try fields.decode([ElementNode].self)
    }

    /// This node and every node below it, depth first.
    public var flattened: [ElementNode] {
        var all = [self]
        for child in children { all += child.flattened }
        return all
    }
}
