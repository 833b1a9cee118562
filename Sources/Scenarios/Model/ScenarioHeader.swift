/// The first document of a scenario file: which app, on which device, with what on it.
///
/// ```yaml
/// appId: com.photosim.MyLocations
/// name: Photo IDs survive a kill
/// tags: [photo-ids, crash]
/// permissions: {photos: limited}
/// limitedLibrary: [0, 2]
/// memoryLimit: 300MB
/// ---
/// ```
public struct ScenarioHeader: Hashable, Sendable {
    /// The app under test (bundle identifier), as Maestro's `appId`.
    public var appId: String
    /// The scenario's name; the file name without its extension unless `name` is given.
    public var name: String
    /// Tags for `includeTags` / `excludeTags`, in the file's order.
    public var tags: [String]
    /// The header's own `env`, after substitution of the command line's parameters.
    public var environment: [String: String]
    /// Device type name or identifier.
    public var device: String
    /// `camera: none` (PhotoSim's) makes the device without cameras, as every device of Apple's
    /// Simulator is (false); `hardware` gives it its type's (true). Nil when the header says
    /// neither: a temporary device has its type's cameras, a device of a set (`--device`) its
    /// own (`simctl create --no-camera`). A header that names one must agree with a set's device.
    public var hasCamera: Bool?
    /// Runtime name (`iOS 17.0`) or identifier; nil for the newest that runs the device type.
    public var runtime: String?
    /// The seed; nil when the file gives none (the command line's `--seed` or its default).
    public var seed: UInt64?
    /// Files added to the library before the first command, in order.
    public var media: [SuiteFilePath]
    /// Privacy settings applied before the first command, in the file's order.
    public var permissions: [PermissionGrant]
    /// With `photos: limited`, the assets the user selected.
    public var limitedLibrary: [AssetSelector]
    /// A folder copied into the app's data container before the first command.
    public var container: SuiteFilePath?
    /// Changes to the app's Info.plist.
    public var infoPlist: InfoPlistEdits
    /// Overrides the device type's jetsam limit.
    public var memoryLimit: ByteSize?
    /// The only checkers (docs/explore.md) run at this scenario's relaunches and end; `nil` for
    /// every checker of its app, `[]` for none.
    public var checkers: [String]?
    /// Checkers this scenario's state is expected to break, not run at its relaunches and end: a
    /// regression that keeps a known bug names the checker that would catch it.
    public var skipCheckers: [String] = []
    /// `socialServices` (PhotoSim's): the social services whose compose sheet is available, by
    /// their `SLServiceType` identifiers. Nil when the header gives none: no iOS since 11 has
    /// them, so an app sees none.
    public var socialServices: [String]?
    /// Maestro's `onFlowStart`: commands run before the scenario's; when one fails, the
    /// scenario's commands are not run.
    public var onFlowStart: [ScenarioStep] = []
    /// Maestro's `onFlowComplete`: commands run after the scenario's, whether they passed or not.
    public var onFlowComplete: [ScenarioStep] = []
    /// The header's keys that are no key of Maestro's or PhotoSim's, in their order: Maestro
    /// keeps such keys (YamlConfig.kt's `ext`, filled by `@JsonAnySetter`) and no command reads
    /// them; neither does PhotoSim.
    public var otherKeys: [String] = []

    /// The names `socialServices` takes and the services' identifiers (SLServiceTypes.h).
    public static let socialServiceIdentifiers: KeyValuePairs<String, String> = [
        "twitter": "com.apple.social.twitter", "facebook": "com.apple.social.facebook",
        "sinaWeibo": "com.apple.social.sinaweibo", "tencentWeibo": "com.apple.social.tencentweibo",
        "linkedIn": "com.apple.social.linkedin",
    ]

    /// The device when the header names none.
    public static let defaultDevice = "iPhone 15"

    public init(appId: String, name: String, tags: [String] = [], environment: [String: String] = [:],
                device: String = ScenarioHeader.defaultDevice, runtime: String? = nil, seed: UInt64? = nil,
                media: [SuiteFilePath] = [], permissions: [PermissionGrant] = [],
                limitedLibrary: [AssetSelector] = [], container: SuiteFilePath? = nil,
                infoPlist: InfoPlistEdits = InfoPlistEdits(), memoryLimit: ByteSize? = nil) {
        self.appId = appId
        self.name = name
        self.tags = tags
        self.environment = environment
        self.device = device
        self.runtime = runtime
        self.seed = seed
        self.media = media
        self.permissions = permissions
        self.limitedLibrary = limitedLibrary
        self.container = container
        self.infoPlist = infoPlist
        self.memoryLimit = memoryLimit
    }

    /// Every header key, for suggestions.
    static let keys = ["appId", "name", "tags", "env", "device", "camera", "runtime", "seed", "media", "permissions",
                       "limitedLibrary", "container", "infoPlist", "memoryLimit", "checkers", "skipCheckers",
                       "socialServices", "onFlowStart", "onFlowComplete", "jsEngine"]
}
