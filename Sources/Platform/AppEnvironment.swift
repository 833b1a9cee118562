import Core

/// Everything an app sees of the device it runs on, handed to it at launch.
///
/// The host (the simulator, or a team's own harness) implements it; an app never reaches the
/// world any other way. Time, randomness, files and memory are Core's seams, so the app's Core
/// code runs unchanged.
///
/// ```swift
/// final class MyApp: Application {
///     let environment: AppEnvironment
///     init(environment: AppEnvironment) { self.environment = environment }
///     func didFinishLaunching() throws -> WindowContent {
///         .navigation(root: HomeScreen(environment: environment))
///     }
/// }
/// ```
public protocol AppEnvironment: AnyObject {
    /// The app's bundle identifier (`com.photosim.MyLocations`).
    var bundleIdentifier: String { get }
    /// The app's data container (its home folder: `Documents`, `Library`, `tmp`).
    var containerPath: String { get }
    /// Every file the app reads or writes goes through this.
    var fileSystem: FileSystem { get }
    /// What "now" is (`Date()` on a device).
    var clock: WallClock { get }
    /// The app's randomness and fresh identifiers.
    var random: RandomSource { get }
    /// Where decoded bitmaps and caches are counted against the device's memory limit.
    var memoryMeter: MemoryMeter { get }
    /// Launch arguments as `key: value` pairs (`strongObserver: true`).
    var launchArguments: [String: String] { get }
    /// The hardware the app runs on.
    var device: DeviceTraits { get }
    /// The main queue (`DispatchQueue.main`).
    var mainQueue: AppQueue { get }
    /// A new queue (`DispatchQueue(label:attributes:)`); the same label twice gives the same queue.
    func makeQueue(label: String, concurrent: Bool) -> AppQueue
    /// The app's notification center (`NotificationCenter.default`).
    var notificationCenter: AppNotificationCenter { get }
    /// The window system: presentation, navigation, selection and focus.
    var screens: ScreenContainer { get }
    /// `UIImagePickerController.isSourceTypeAvailable(_:)`.
    func isSourceTypeAvailable(_ sourceType: ImagePickerSourceType) -> Bool
    /// `PHPhotoLibrary.authorizationStatus(for: .readWrite)`.
    var photoLibraryAuthorization: PhotoLibraryAuthorization { get }
    /// `PHPhotoLibrary.shared()` and `PHAsset`'s fetches.
    var photoLibrary: PhotoLibrary { get }
    /// `PHImageManager.default()`.
    var imageManager: ImageManager { get }
    /// `SLComposeViewController.isAvailable(forServiceType:)`.
    func isComposeServiceAvailable(_ serviceType: ComposeServiceType) -> Bool
    /// Records that the app terminates for `termination` and returns it for the app to throw.
    ///
    /// Once called, the app is crashed whatever it does next, even if it catches the error.
    func terminate(_ termination: AppTermination) -> AppTermination
    /// Watches `object` for leaks: it should die when the app (or the screen that made it) closes.
    func trackLifetime(_ object: AnyObject, kind: String)
}

extension AppEnvironment {
    /// `fatalError(reason)`: the app crashes with its own message; throw what this returns.
    public func crash(reason: String) -> AppTermination {
        terminate(.fatalError(reason: reason))
    }
}
