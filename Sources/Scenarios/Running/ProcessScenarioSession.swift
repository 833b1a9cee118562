import AppChannel
import Core
import Foundation
import Simulator
import Platform

/// One run of a scenario on an app in its own process (an `.app` bundle built against UIKit,
/// docs/uikit.md): the same words as on the app host, carried out as messages to the process
/// and read from its settled answers. What an app process cannot do yet is refused before the
/// first command runs, naming the command.
final class ProcessScenarioSession: CheckedRun, ContainerAsserting {
    let scenario: Scenario
    let world: World
    /// The app as installed: the bundle given, or a copy with the header's `infoPlist` edits.
    let bundle: AppBundle
    /// Where launches start from the executable's loaded image (``AppRuntime/LaunchPool``);
    /// nil spawns each. A bundle copied for this run's `infoPlist` edits is always spawned: an
    /// image of it would outlive the run's folder.
    var launchPool: LaunchPool?
    private var launchesFromPool: Bool { scenario.header.infoPlist.isEmpty }
    /// The container is a temporary device's, thrown away after the run: the app's syncs return
    /// at once (`PHOTOSIM_APP_SCRATCH`, docs/faults.md), as the simulator's scratch file system's do.
    private(set) var scratchContainer = false
    let device: LaunchedApp.Device
    /// The footprint jetsam ends the app over (`per-process-limit`): the header's `memoryLimit`,
    /// else the device type's. UIKit ends the process the moment its decoded images cross it;
    /// the simulator ends it when its whole footprint (from `/proc`, counted from the first
    /// settled screen) has crossed it by the end of a step.
    let memoryLimitBytes: Int
    /// The camera's privacy setting on the device: true granted, false denied, nil undecided.
    private(set) var cameraAccess: Bool?
    /// The photo library's answers (`granted`, `denied`, `limited`), nil undecided.
    private var photosAccess: String?
    private var photosAddAccess: String?
    /// With limited access, the assets the user selected (the header's `limitedLibrary`).
    private var limitedSelection: Set<String> = []
    /// Location services' settings for the app, as `simctl privacy` keeps them: `location`
    /// (when in use) and `location-always`; the app's answer is ``locationAccess``.
    private var locationGrants = PrivacyGrants()
    /// Location services' answer for the app (`whenInUse`, `always`, `denied`), nil undecided,
    /// by ``DeviceStore/PrivacyGrants/locationAccess(for:)``'s rule.
    private var locationAccess: String? { locationGrants.locationAccess(for: bundle.bundleIdentifier) }
    /// What the device's privacy settings answer the app, at its launch and as they change.
    private var privacyAnswers: PrivacyAnswers {
        PrivacyAnswers(cameraAccess: cameraAccess.map { $0 ? "granted" : "denied" }, photosAccess: photosAccess,
                       photosAddAccess: photosAddAccess, locationAccess: locationAccess)
    }
    /// Where the device is: Apple Park until `setLocation` (or the set's `simctl location set`).
    private var location: DeviceCoordinate
    /// The container's files after the last step (path → size and modification time), to trace
    /// what the app wrote and removed.
    private var containerFiles: [String: FileStamp] = [:]
    /// The device type's camera photo size (`takePhoto` without sides).
    let cameraPhotoSize: (width: Int, height: Int)
    private let cameraRandom: RandomSource
    /// The seeds of the app's own random source, one per launch (its `UUID()`, `Int.random`).
    private let appRandom: RandomSource
    let fileSystem: FileSystem
    let containerFolder: String
    let defaultTolerance: Int
    /// The device's photo library, made from the header's `media`, that `pickPhoto` chooses from.
    let mediaLibrary: MediaLibrary
    private(set) var app: LaunchedApp? {
        didSet { lastLook = nil }
    }
    /// The leaks the processes `killApp` and `stopApp` ended showed at their last settled step:
    /// the process takes its controllers with it, but the leak happened. (A process that
    /// crashed mid-step has no settled step to tell.)
    private var endedProcessLeaks: [String] = []
    /// The app's state as its last answer gave it: every message is answered with the settled
    /// step after it, and the app does nothing between messages, so a look after a step (a
    /// wait for the next element, exploration's view of the screen) asks nothing more.
    private var lastLook: SettledStep?
    /// The device type the app runs on (its screen, for screenshots).
    let deviceType: DeviceType
    /// Whether `takeScreenshot` draws the screen (the runner captures images for an HTML report).
    var capturesImages = false
    /// Where `takeScreenshot` writes `<path>.png` (``ScenarioRunner/screenshotsFolder``).
    var screenshotsFolder: String?
    /// The `takeScreenshot` requests, in order.
    private(set) var screenshots: [ScreenshotRequest] = []
    /// How the last process ended and why, when it did not end by `killApp` or `stopApp`.
    private var crash: (ending: LaunchedApp.Ending, reason: String)?
    /// The events already compared by `assertNotifications`.
    private var notificationsSeen = 0
    private var postedNotifications: [String] = []
    /// The disk-fault rules given and not yet fired, in order: a process launched later gets them.
    private var faultRules: [FaultRule] = []
    /// The fault rate (`setFaultRate`, `--fault-rate`) the app's file changes meet.
    var faultRate: Double = 0
    /// The text of the trace line a `killAtTraceEvent` waits for, until the app makes it.
    private var pendingKill: String?
    /// The crash points `crashAt` armed that have not killed the app yet, with the passes each
    /// has left (as the app's last settled step counted them, across its relaunches, as the app
    /// host's fault layer counts them).
    private(set) var pendingCrashPoints: [String: Int] = [:]
    /// Commands brought by commands read again as they ran (``StepRunning/resolvedCommandCount``).
    var resolvedCommandCount = 0
    /// When the last command that acted on the device ended (``StepRunning/lastInteraction``).
    var lastInteraction = VirtualInstant(nanosecondsSinceEpoch: 0)
    /// The text `copyTextFrom` copied last, which `pasteText` types.
    private(set) var copiedText: String?
    /// The run's JavaScript, made when a step first runs a script.
    lazy var scripts = ScenarioScripts(world: world)
    /// The checkers run after every `launchApp` and at the end (docs/explore.md): the app's own
    /// (those of the in-process app of its identifier, a team's added ones) and the platform's,
    /// reading the container and the library from outside the process between steps.
    var checkers: [Checker] = []
    /// The checkers' memory of this device (photo IDs seen), across relaunches.
    /// Every step ends on the app's settled answer (``LaunchedApp/latest``), which the leak
    /// check reads; nothing is asked of the app for a checkup.
    lazy var checkup = DeviceCheckup(process: AppProcessCheckSubject(
        bundleIdentifier: bundle.bundleIdentifier, containerPath: containerFolder, fileSystem: fileSystem,
        mediaLibrary: mediaLibrary, isRunning: { [weak self] in self?.running != nil },
        leaks: { [weak self] in
            guard let self else { return [] }
            return endedProcessLeaks + (running?.latest.leaks.map(Self.sentence) ?? [])
        }, failedRemovals: { [weak self] in self?.failedRemovals ?? [] },
        containerState: { [weak self] in self?.containerState }))
    /// Which launch of the app runs (or ran last), and the container changes this simulator
    /// made itself or cannot count (a process that ended in a step, whose last writes its last
    /// answer did not count), for ``containerState``.
    private var launches = 0
    private var uncountedChanges = 0
    /// The container's state when it was last walked for the trace's file events: the same
    /// state again means the same files (``recordContainerChanges()``).
    private var walkedState: ContainerState?

    /// Where the container stands, counted (AppRuntime's ``ContainerState``): nil when the app's
    /// UIKit does not count its changes.
    var containerState: ContainerState? {
        guard let counted = app?.latest.containerChanges ?? (launches == 0 ? 0 : nil) else { return nil }
        return ContainerState(launch: launches, processChanges: counted, simulatorChanges: uncountedChanges)
    }

    /// The container changed in a way no process counted.
    private func containerChangedUncounted() {
        uncountedChanges += 1
    }
    /// The files whose removal an injected fault failed in the running process (its traced
    /// `fault … on remove` lines), for the checkers' excuse; reset for each launch.
    private var failedRemovals: Set<String> = []

    private var identifier: String { bundle.bundleIdentifier.rawValue }

    init(scenario: Scenario, world: World, bundle: AppBundle, deviceType: DeviceType, device: LaunchedApp.Device,
         memoryLimitBytes: Int, containerFolder: String, mediaLibrary: MediaLibrary, fileSystem: FileSystem, defaultTolerance: Int,
         cameraAccess: Bool? = nil, photosAccess: (String?, String?) = (nil, nil), limitedSelection: Set<String> = [],
         locationGrants: PrivacyGrants = PrivacyGrants(), location: Coordinate = RuntimeDevice.defaultLocation) {
        self.cameraAccess = cameraAccess
        self.locationGrants = locationGrants
        self.location = DeviceCoordinate(latitude: location.latitude, longitude: location.longitude)
        (self.photosAccess, self.photosAddAccess) = photosAccess
        self.limitedSelection = limitedSelection
        self.memoryLimitBytes = memoryLimitBytes
        self.deviceType = deviceType
        cameraPhotoSize = deviceType.cameraPhotoSize
        cameraRandom = world.streams.stream("camera")
        appRandom = world.streams.stream("app \(bundle.bundleIdentifier.rawValue)")
        self.mediaLibrary = mediaLibrary
        self.scenario = scenario
        self.world = world
        self.bundle = bundle
        self.device = device
        self.containerFolder = containerFolder
        self.fileSystem = fileSystem
        self.defaultTolerance = defaultTolerance
        apply(scenario.header.permissions)
    }

    /// A session on a fresh container in `folder`, once the scenario asks nothing an app
    /// process cannot do yet.
    /// `mediaTemplate`, when given, is the prepared empty media library the device starts from
    /// instead of building its own database (as the app host's temporary devices do).
    static func start(_ scenario: Scenario, world: World, bundle: AppBundle, folder: String, fileSystem: FileSystem,
                      defaultTolerance: Int, mediaTemplate: MediaLibraryTemplate? = nil) throws(StepFailure) -> ProcessScenarioSession {
        try checkHeader(scenario.header)
        try checkSupported(scenario.header.onFlowStart + scenario.steps + scenario.header.onFlowComplete)
        let installed = try install(bundle, editing: scenario.header.infoPlist, in: folder.appendingPathComponent("Bundle"))
        let container = folder.appendingPathComponent("Container")
        let library: MediaLibrary
        do {
            try RuntimeDevice.makeDataContainer(at: container, fileSystem: fileSystem)
            try mediaTemplate?.write(into: folder.appendingPathComponent("Media"), scratchFolder: folder + "-media-template",
                                     fileSystem: fileSystem)
            library = try MediaLibrary(mediaFolder: folder.appendingPathComponent("Media"), fileSystem: fileSystem,
                                       clock: world.dateClock(epochDate: RuntimeDevice.epochDate),
                                       random: world.streams.stream("media"))
        } catch {
            throw StepFailure("could not make the app's container and library in \(folder): \(error)")
        }
        if !scenario.header.media.isEmpty {
            do {
                _ = try library.add(scenario.header.media.map { MediaSource(filePath: $0.path) })
            } catch {
                throw StepFailure("could not add \(scenario.header.media.map(\.relativePath).joined(separator: ", ")) to the library: \(error)")
            }
        }
        let (type, version) = try ScenarioSession.deviceTypeAndVersion(scenario.header)
        let device = LaunchedApp.Device(deviceType: type, hasCamera: scenario.header.hasCamera ?? true,
                                        udid: "00000000-0000-4000-8000-" + String(format: "%012llX", world.seed & 0xFFFF_FFFF_FFFF),
                                        runtimeVersion: version)
        let limit = scenario.header.memoryLimit.map { Int(clamping: $0.bytes) } ?? type.jetsamLimitBytes
        let session = ProcessScenarioSession(scenario: scenario, world: world, bundle: installed, deviceType: type, device: device,
                                      memoryLimitBytes: limit, containerFolder: container, mediaLibrary: library,
                                      fileSystem: fileSystem, defaultTolerance: defaultTolerance,
                                      limitedSelection: try limitedSelection(scenario.header, in: library))
        session.scratchContainer = true
        return try session.withContainerFixture()
    }

    /// A session on the app as installed on a device of a set (`simctl run --device`): its
    /// process runs in the device's data container, with the device's library (the header's
    /// media are added to it and stay), the device's camera answer and the device's type.
    static func start(_ scenario: Scenario, world: World, installed bundle: AppBundle, container: String, set: DeviceSet,
                      device name: String, folder: String, fileSystem: FileSystem,
                      defaultTolerance: Int) throws(StepFailure) -> ProcessScenarioSession {
        try checkHeader(scenario.header)
        try checkSupported(scenario.header.onFlowStart + scenario.steps + scenario.header.onFlowComplete)
        let selector = DeviceSelector(name)
        let device: Device
        let library: MediaLibrary
        let cameraAnswer: PrivacyAuthorization?
        var photosAnswers: (String?, String?) = (nil, nil)
        var locationGrants = PrivacyGrants()
        var location = RuntimeDevice.defaultLocation
        do {
            device = try set.device(selector)
            library = try set.openMediaLibrary(selector, fileSystem: fileSystem, clock: world.dateClock(epochDate: RuntimeDevice.epochDate),
                                               random: world.streams.stream("media"))
            let grants = try set.privacyGrants(selector)
            cameraAnswer = grants.authorization(for: .camera, bundleIdentifier: bundle.bundleIdentifier)
            photosAnswers = (grants.authorization(for: .photos, bundleIdentifier: bundle.bundleIdentifier)?.rawValue,
                             grants.authorization(for: .photosAdd, bundleIdentifier: bundle.bundleIdentifier)?.rawValue)
            locationGrants = grants
            location = try set.simulatedLocation(selector)?.coordinate ?? location
        } catch {
            throw StepFailure("could not open \(name) for \(bundle.bundleIdentifier): \(error)")
        }
        guard let type = device.deviceType else { throw StepFailure("\(name) is unavailable: \(device.availabilityError ?? "unknown device type")") }
        try ScenarioSession.checkCamera(scenario.header, deviceHasCamera: device.hasCamera, name: name)
        let edited = try install(bundle, editing: scenario.header.infoPlist, in: folder.appendingPathComponent("Bundle"))
        if !scenario.header.media.isEmpty {
            do {
                _ = try library.add(scenario.header.media.map { MediaSource(filePath: $0.path) })
            } catch {
                throw StepFailure("could not add \(scenario.header.media.map(\.relativePath).joined(separator: ", ")) to \(name)'s library: \(error)")
            }
        }
        let launchDevice = LaunchedApp.Device(deviceType: type, hasCamera: device.hasCamera, name: device.name, udid: device.udid.rawValue,
                                              runtimeVersion: device.runtime?.version ?? type.minimumRuntimeVersion)
        let limit = scenario.header.memoryLimit.map { Int(clamping: $0.bytes) } ?? type.jetsamLimitBytes
        let session = ProcessScenarioSession(scenario: scenario, world: world, bundle: edited, deviceType: type, device: launchDevice,
                                      memoryLimitBytes: limit, containerFolder: container, mediaLibrary: library,
                                      fileSystem: fileSystem, defaultTolerance: defaultTolerance,
                                      cameraAccess: cameraAnswer.map { $0 == .granted }, photosAccess: photosAnswers,
                                      limitedSelection: try limitedSelection(scenario.header, in: library),
                                      locationGrants: locationGrants, location: location)
        return try session.withContainerFixture()
    }

    /// The session with the header's `container` fixture copied in, before the first command
    /// (the app has not run).
    private func withContainerFixture() throws(StepFailure) -> ProcessScenarioSession {
        if let fixture = scenario.header.container {
            containerChangedUncounted()
            try copyContainer(from: fixture)
        }
        return self
    }

    /// The header's `limitedLibrary`: the assets the user selected for limited access.
    private static func limitedSelection(_ header: ScenarioHeader, in library: MediaLibrary) throws(StepFailure) -> Set<String> {
        guard !header.limitedLibrary.isEmpty else { return [] }
        let assets: [MediaAsset]
        do { assets = try library.assets() } catch { throw StepFailure("could not read the library for limitedLibrary: \(error)") }
        var identifiers = Set<String>()
        for selector in header.limitedLibrary { identifiers.insert(try selector.select(in: assets).asset.localIdentifier) }
        return identifiers
    }

    /// The header's settings an app process does not take yet.
    private static func checkHeader(_ header: ScenarioHeader) throws(StepFailure) {
        var unsupported: [String] = []
        if header.permissions.contains(where: { !supports($0) }) {
            unsupported.append("permissions other than the camera's, location's (allow, deny and unset) and the photo library's")
        }
        guard unsupported.isEmpty else {
            throw .notSupported("the header's \(unsupported.joined(separator: ", ")) on an app in its own process (docs/uikit.md, “Not here yet”)")
        }
    }

    /// The privacy settings an app process takes: the camera's, the photo library's and
    /// location services'.
    private static func supports(_ grant: PermissionGrant) -> Bool {
        switch grant.service {
        case .camera, .location, .locationAlways: return grant.setting != .limited
        case .photos, .photosAdd: return true
        default: return false
        }
    }

    /// The commands an app process carries out today.
    static func supports(_ command: ScenarioCommand) -> Bool {
        switch command {
        case .launchApp(let options): options.permissions.allSatisfy(supports)
        case .setPermissions(let grants): grants.allSatisfy(supports)
        case .stopApp, .killApp, .terminateApp, .clearState, .cancelPicker, .tapOn, .inputText, .inputRandom, .back, .navigateBack, .hideKeyboard,
             .copyTextFrom, .pasteText, .clearKeychain, .pressKey, .waitForAnimationToEnd,
             .simulateMemoryWarning, .swipe, .takePhoto, .assertVisible, .assertNotVisible, .assertPresented, .assertFile,
             .assertNoFile, .assertFiles, .assertQuery, .assertPreference, .assertNoLeaks, .assertCrashed, .assertRunning,
             .assertNotifications, .assertMemory, .assertTrace, .takeScreenshot, .pickerResults, .repeat, .advanceClock,
             .addMedia, .removeMedia, .injectFault, .setFaultRate, .killAtTraceEvent(.containing), .repeatWhile, .conditional, .retry, .hookedFlow, .extendedWaitUntil,
             .evalScript, .runScript, .assertTrue, .tapWith, .tapOnPoint, .setAirplaneMode, .scroll, .scrollUntilVisible, .swipeScreen,
             .openLink, .setLocation, .travel, .assertLibrary, .pickPhoto, .deleteFile, .eraseText, .crashAt:
            true
        case .assertLeak(_, let retainer): retainer == nil
        default: false
        }
    }

    /// The bundle as the device installs it for this scenario: `bundle` itself, or, when the
    /// header edits the Info.plist, a copy in `folder` with the edits (its executable a hard link
    /// where the file system allows one, else a copy).
    private static func install(_ bundle: AppBundle, editing edits: InfoPlistEdits, in folder: String) throws(StepFailure) -> AppBundle {
        guard !edits.isEmpty else { return bundle }
        let copy = folder.appendingPathComponent(bundle.folderName)
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: copy, withIntermediateDirectories: true)
            for name in try manager.contentsOfDirectory(atPath: bundle.path).sorted() where name != "Info.plist" {
                let source = bundle.path.appendingPathComponent(name), target = copy.appendingPathComponent(name)
                if link(source, target) != 0 { try manager.copyItem(atPath: source, toPath: target) }
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: bundle.path.appendingPathComponent("Info.plist")))
            guard var plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
                throw StepFailure("\(bundle.path)/Info.plist is not a dictionary")
            }
            for key in edits.removedKeys { plist.removeValue(forKey: key) }
            for entry in edits.setEntries { plist[entry.key] = entry.value.description }
            let edited = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
            try edited.write(to: URL(fileURLWithPath: copy.appendingPathComponent("Info.plist")))
            return try AppBundle.read(at: copy, fileSystem: POSIXFileSystem())
        } catch let failure as StepFailure {
            throw failure
        } catch {
            throw StepFailure("could not install \(bundle.path) with the header's infoPlist edits in \(folder): \(error)")
        }
    }

    private static func checkSupported(_ steps: [ScenarioStep]) throws(StepFailure) {
        for step in steps {
            if let body = step.command.nestedSteps { try checkSupported(body) }
            if case .killAtTraceEvent(.after) = step.command {
                throw StepFailure("\(step): killAtTraceEvent {after: …} names a trace line by number, which an app in its own process "
                    + "cannot see as it runs; give the line's text: {contains: …} (docs/faults.md, “In an app process”)")
            }
            if case .assertLeak(_, let retainer?) = step.command {
                throw StepFailure("\(step): assertLeak's retainedBy (\(retainer)): an app in its own process does not say what holds "
                    + "a leaked controller yet; leave retainedBy out to assert the leak by its type")
            }
            guard supports(step.command) else {
                throw StepFailure("\(step): \(step.command.name) is not supported on an app in its own process yet (docs/uikit.md, “Not here yet”)")
            }
        }
    }

    // MARK: Steps

    func perform(_ command: ScenarioCommand, at step: ScenarioStep) throws {
        switch command {
        case .launchApp(let options): apply(options.permissions); try launch(options)
        case .openLink(let link): try openLink(link)
        case .setLocation(let latitude, let longitude):
            // `simctl location set`: the device moves; a running app's updating managers hear it.
            location = DeviceCoordinate(latitude: latitude, longitude: longitude)
            if running != nil { try send(.setLocation(location)) }
        case .setPermissions(let grants):
            apply(grants)
            // The running app reads the settings live, as on a device.
            if running != nil {
                try send(.privacyChanged(privacyAnswers))
            }
        // Maestro's stopApp and killApp are both `simctl terminate` on iOS (IOSDriver.kt).
        case .stopApp: if running == nil { world.trace.record(.stopIgnored(state: "not running")) } else { kill() }
        case .killApp: kill()
        case .terminateApp: try terminate()
        case .clearState: try clearState()
        case .tapOn(let selector): try send(.tap(element: try element(selector).id))
        case .swipe(let selector, let direction): try swipe(from: try element(selector), direction)
        case .inputText(let text): try send(.inputText(text))
        case .eraseText(let count): try send(.eraseText(characters: count))
        case .hideKeyboard: try send(.hideKeyboard)
        case .copyTextFrom(let selector):
            let element = try element(selector)
            guard let text = element.shownText else { throw StepFailure("Element does not contain text to copy: \(element.kind)") }
            copiedText = text
        case .pasteText: if let copiedText { try send(.inputText(copiedText)) }
        case .clearKeychain: break  // the device keeps no keychain items: there is nothing to clear
        case .inputRandom(let input): try send(.inputText(input.text(drawingFrom: world.streams.stream("input random"))))
        case .navigateBack: try send(.back)
        // IOSDriver.kt pressKey: the keyboard's return and delete keys, the device's buttons.
        case .pressKey(.enter): try send(.inputText("\n"))
        case .pressKey(.backspace): try send(.eraseText(characters: 1))
        case .pressKey: try send(.enterBackground)
        case .waitForAnimationToEnd: try send(.describe)
        case .advanceClock(let duration): try advanceClock(by: duration)
        case .addMedia(let files): try addMedia(files)
        case .removeMedia(let selector): try removeMedia(selector)
        case .simulateMemoryWarning: try send(.memoryWarning)
        case .injectFault(let injection): try injectFault(injection.rule)
        case .setFaultRate(let rate): try setFaultRate(rate)
        case .killAtTraceEvent(.containing(let text)): try killAtTraceEvent(containing: text)
        case .crashAt(let point, let occurrence): try crashAt(point, occurrence: occurrence)
        case .pickPhoto(let selector, let crop): try pickPhoto(selector, crop: crop)
        case .pickerResults(let assets, let failing): try pickerResults(assets, failing: failing)
        case .takePhoto(let shot): try takePhoto(shot)
        case .cancelPicker: try send(.cancelPicker)
        case .assertVisible(let selector): try assertVisible(selector, visible: true)
        case .assertNotVisible(let selector): try assertVisible(selector, visible: false)
        case .assertFile(let expectation): try assertFile(expectation)
        case .assertNoFile(let path): try assertNoFile(path)
        case .assertFiles(let folder, let names): try assertFiles(in: folder, names: names)
        case .assertQuery(let store, let sql, let rows): try assertQuery(store: store, sql: sql, rows: rows)
        case .assertPreference(let key, let value): try assertPreference(key: key, equals: value)
        case .assertNoLeaks: try assertNoLeaks()
        case .assertLeak(let type, _): try assertLeak(type: type)
        case .assertCrashed(let reason): try assertCrashed(reason: reason)
        case .assertRunning: try assertRunning()
        case .assertNotifications(let names): try assertNotifications(names)
        case .assertPresented(let expectation): try assertPresented(expectation)
        case .assertMemory(let footprint, let cacheEmpty): try assertMemory(footprintBelow: footprint, cacheEmpty: cacheEmpty)
        case .assertLibrary(let count): try ScenarioSession.checkLibrary(mediaLibrary, count: count)
        case .deleteFile(let path):
            containerChangedUncounted()
            try deleteFile(path)
            // Not the app's doing: the next step's look at the container starts from here.
            containerFiles = Self.files(in: containerFolder)
            walkedState = containerState
        case .takeScreenshot(let name): try takeScreenshot(named: name, at: step)
        case .assertTrace(let text, let count):
            if running != nil { try send(.describe) }
            try ScenarioSession.checkTrace(world.trace, contains: text, count: count)
        default: throw StepFailure.notSupported("\(command.name) on an app in its own process")
        }
    }

    /// A controller the app still holds after it left the screen, as the leak checker says it.
    static func sentence(_ leak: LeakedController) -> String {
        "\(leak.typeName) is alive after it left the screen in step \(leak.leftAtStep)"
    }

    /// Maestro's condition on the app's element tree now (nothing while it is not running).
    func holds(_ condition: FlowCondition) throws -> Bool {
        try condition.holds(on: { running == nil ? nil : try look().tree },
                            shows: { tree, selector in tree.map { selector.match(in: $0) != nil } ?? false })
    }
    /// A wait's time: the app's world moves on (its timers and queues run); with no app
    /// running, only the simulator's.
    func passTimeWaiting(milliseconds: Int64) throws {
        if running != nil {
            try send(.advanceClock(nanoseconds: milliseconds * 1_000_000))
        } else {
            try world.passTime(nanoseconds: milliseconds * 1_000_000)
        }
    }

    /// Only a running app changes its screen while a command waits.
    var waitingCanChangeTheScreen: Bool { running != nil }

    /// Maestro's `swipe: {from, direction}` (IOSDriver.kt `swipe(elementPoint:direction:)`): from
    /// the element's centre to a tenth of the screen from the edge it heads for, keeping the
    /// other coordinate. LEFT on a table row is the row's swipe, which shows its Delete button.
    private func swipe(from element: ElementNode, _ direction: SwipeDirection) throws {
        // A left swipe on a table row is UIKit's swipe to delete: the row shows its Delete.
        if direction == .left, try Self.isInTableRow(element.id, in: look().tree) {
            _ = try send(.swipeLeft(element: element.id))
            return
        }
        guard let (x, y) = element.center else { throw StepFailure("\(element.kind) has no frame to swipe from") }
        let size = try screenSize()
        let end: (x: Double, y: Double) = switch direction {
        case .up: (x, 0.1 * size.height)
        case .down: (x, 0.9 * size.height)
        case .right: (0.9 * size.width, y)
        case .left: (0.1 * size.width, y)
        }
        _ = try send(.swipe(fromX: x, fromY: y, toX: end.x, toY: end.y))
    }

    /// Whether the element `id` is a table's row (a cell in a table) or inside one.
    private static func isInTableRow(_ id: Int, in tree: ElementNode) -> Bool {
        func find(_ node: ElementNode, inTable: Bool, inRow: Bool) -> Bool? {
            let inRow = inRow || (inTable && node.kind == "cell")
            if node.id == id { return inRow }
            for child in node.children {
                if let found = find(child, inTable: inTable || node.kind == "table", inRow: inRow) { return found }
            }
            return nil
        }
        return find(tree, inTable: false, inRow: false) ?? false
    }

    /// A drag between two points, in whole points as Maestro's drivers take them (its `Point`
    /// holds integers), so a swipe given in points lands exactly there.
    func drag(from start: (x: Double, y: Double), to end: (x: Double, y: Double)) throws {
        let size = try screenSize()
        try send(.swipe(fromX: (size.width * start.x).rounded(), fromY: (size.height * start.y).rounded(),
                        toX: (size.width * end.x).rounded(), toY: (size.height * end.y).rounded()))
    }

    /// UiElement.kt `getVisiblePercentage`: the part of the element's frame inside the window.
    func visibility(of selector: ElementSelector) throws -> Double? {
        guard running != nil else { return nil }
        let tree = try look().tree
        guard let node = selector.match(in: tree), node.frame.count == 4, tree.frame.count == 4 else { return nil }
        let (x, y, width, height) = (node.frame[0], node.frame[1], node.frame[2], node.frame[3])
        let (screenWidth, screenHeight) = (tree.frame[2], tree.frame[3])
        guard width > 0 || height > 0 else { return 0 }
        if x <= 0, y <= 0, x + width >= screenWidth, y + height >= screenHeight { return 1 }
        let visibleWidth = max(0, min(x + width, screenWidth) - max(x, 0))
        let visibleHeight = max(0, min(y + height, screenHeight) - max(y, 0))
        return visibleWidth * visibleHeight / (width * height)
    }

    var screensScroll: Bool { true }

    func framedTree() throws -> ElementNode? {
        running == nil ? nil : try look().tree
    }

    func tap(atX x: Double, y: Double) throws {
        try send(.tapPoint(x: x, y: y))
    }

    func screenSize() throws -> (width: Double, height: Double) {
        let window = try look().tree.frame
        guard window.count == 4 else { throw StepFailure("the app's window has no frame to drag across") }
        return (window[2], window[3])
    }


    func stepFailure(from error: Error) -> StepFailure {
        StepFailure(String(describing: error))
    }

    func settleBeforeLooking() throws {
        if app?.endingIfEnded == nil, app != nil { try send(.describe) }
    }

    func pictureOfFailure(at step: ScenarioStep) {
        if capturesImages { try? takeScreenshot(named: ScreenshotRequest.failureName, at: step, isFailurePicture: true) }
    }

    /// Notes a `takeScreenshot` request with what is on screen now, drawn from the app's view
    /// hierarchy when images are captured (the home screen while the app is not in front).
    private func takeScreenshot(named name: String, at step: ScenarioStep, isFailurePicture: Bool = false) throws {
        let file = try ScreenshotFile(named: name, in: screenshotsFolder, isFailurePicture: isFailurePicture)
        let draws = capturesImages || file != nil
        var screen = "home screen"
        var elements: [String] = []
        var png: Data?
        if let app = running, app.latest.applicationState != "background" {
            // A draw request settles the app as `describe` does, so the trace is the same with
            // images or without.
            var drawing: ScreenDrawing?
            let settled: SettledStep
            if draws {
                do { drawing = try app.drawing() } catch { throw failure(error) }
                settled = drawing!.step
                record(settled)
            } else {
                settled = try send(.describe) ?? app.latest
            }
            screen = Self.screenName(of: settled)
            elements = Self.summaries(of: settled.tree)
            if let drawing {
                png = try? ScreenRenderer(deviceType: deviceType, fonts: try FontLibrary())
                    .render(drawing, statusBarTime: StatusBarClock.text(for: world.dateClock(epochDate: RuntimeDevice.epochDate).now)).pngData
            }
        } else if draws {
            png = try? ScreenRenderer(deviceType: deviceType, fonts: try FontLibrary())
                .renderHomeScreen(appNames: [bundle.displayName], statusBarTime: StatusBarClock.text(for: world.dateClock(epochDate: RuntimeDevice.epochDate).now)).pngData
        }
        screenshots.append(ScreenshotRequest(name: name, location: location(of: step), screen: screen, elements: elements,
                                             png: capturesImages ? png : nil))
        try file?.write(png)
    }

    /// The screen on top: the presented controller's title (else its type), else the navigation
    /// bar's title.
    private static func screenName(of step: SettledStep) -> String {
        if let top = step.presentations.last { return top.title ?? top.typeName }
        let bar = step.tree.flattened.first { $0.kind == "navigationBar" }
        return bar?.children.first { $0.kind == "label" }?.label ?? "window"
    }

    /// Thumbnails of the image files in the app's data container, sorted by path.
    func writtenImages() -> [ReportImage] {
        ReportImage.written(in: containerFolder, fileSystem: fileSystem)
    }

    /// Ends the run: a process still running is killed.
    func end() {
        if let app, app.endingIfEnded == nil { _ = app.kill() }
    }

    // MARK: Carrying out

    private var running: LaunchedApp? {
        guard let app, app.endingIfEnded == nil else { return nil }
        return app
    }

    /// `simctl openurl` (Maestro's `openLink` on iOS): the app opens the link when its
    /// Info.plist names the scheme, launched for it when it is not running.
    private func openLink(_ link: String) throws {
        _ = try LinkOpening.scheme(of: link, handledBy: bundle.urlSchemes, app: bundle.displayName)
        if running != nil { _ = try send(.openURL(link)); return }
        try launch(LaunchOptions(), opening: link)
    }

    private func launch(_ options: LaunchOptions, opening link: String? = nil) throws {
        if let other = options.appId, other != identifier {
            throw StepFailure.notSupported("launchApp of \(other): a scenario drives one app, its header's appId \(identifier)")
        }
        if options.clearState { try clearState() }
        if let app = running {
            if options.stopApp {
                kill()
            } else {
                if app.latest.applicationState == "background" { try send(.enterForeground) }
                return
            }
        }
        // The app's store opens (and recovers its log) with no other connection open, as alone.
        checkup.closeConnections()
        crash = nil
        failedRemovals = []
        var launchDevice = device
        launchDevice.screen.privacy = privacyAnswers
        launchDevice.screen.systemVersion = device.runtimeVersion
        launchDevice.screen.socialServices = scenario.header.socialServices ?? []
        launchDevice.screen.memoryLimitBytes = memoryLimitBytes
        launchDevice.screen.faultRules = faultRules.map(Self.appRule)
        launchDevice.screen.faultRate = faultRate
        launchDevice.screen.killAtTraceEvent = pendingKill
        launchDevice.screen.crashPoints = pendingCrashPoints
        launchDevice.screen.url = link
        launchDevice.screen.location = location
        // Launch arguments as `simctl launch` passes them: `-name value`, which
        // `UserDefaults.standard` reads in its argument domain.
        let arguments = options.arguments.flatMap { ["-" + $0.name, $0.value] }
        do {
            containerFiles = Self.files(in: containerFolder)
            // The app's wall clock is the world's, and its randomness the world's stream for it.
            let appWorld = AppWorld(date: world.dateClock(epochDate: RuntimeDevice.epochDate).now, random: appRandom)
            // The process before this one ended; what a failed launch reports is this one's.
            app = nil
            launches += 1
            let launched = try LaunchedApp.launch(bundle: bundle, container: containerFolder, device: launchDevice,
                                                  arguments: arguments,
                                                  environment: scratchContainer ? ["PHOTOSIM_APP_SCRATCH": "1"] : [:],
                                                  world: appWorld, memoryLimitBytes: memoryLimitBytes,
                                                  library: { [weak self] request in self?.answer(request) ?? .assets([]) },
                                                  pool: launchesFromPool ? launchPool : nil)
            app = launched
            try world.passTime(nanoseconds: HostMessage.launch(launchDevice.screen).worldSpanNanoseconds)
            world.trace.record(.processLaunched(app: identifier))
            record(launched.latest)
        } catch {
            if case .killedAtTraceEvent? = error as? LaunchedApp.LaunchError {
                try world.passTime(nanoseconds: HostMessage.launch(launchDevice.screen).worldSpanNanoseconds)
            }
            if recordKill(error, launching: true) { return }
            if case .ended(_, .signalled, _)? = error as? LaunchedApp.LaunchError {
                // An app that crashes as it launches (a usage description missing for what its
                // first screen asks: a signal, as a trap or an abort ends it) was launched: the
                // crash is the app's, for `assertCrashed`, as on the app host and as Maestro's
                // launchApp, which does not wait for a screen. One that exits (UIKit refusing to
                // run it, a loader failure) did not launch, and the step fails.
                try world.passTime(nanoseconds: HostMessage.launch(launchDevice.screen).worldSpanNanoseconds)
                world.trace.record(.processLaunched(app: identifier))
                _ = failure(error)
                return
            }
            throw failure(error)
        }
    }

    /// Privacy settings as `simctl privacy` makes them, for the next launch (a scenario with a
    /// setting an app process does not take was refused before it ran: ``supports(_:)``).
    /// Location: `location` and `location-always` are kept apart, as `simctl privacy` keeps them,
    /// and the app's answer follows ``DeviceStore/PrivacyGrants/locationAccess(for:)``: always
    /// when `location-always` is granted, else `location`'s answer.
    private func apply(_ grants: [PermissionGrant]) {
        for grant in grants {
            switch grant.service {
            case .camera:
                switch grant.setting {
                case .allow: cameraAccess = true
                case .deny: cameraAccess = false
                case .unset, .limited: cameraAccess = nil
                }
            case .photos, .photosAdd:
                let answer: String? = switch grant.setting {
                case .allow: "granted"
                case .deny: "denied"
                case .limited: "limited"
                case .unset: nil
                }
                if grant.service == .photos { photosAccess = answer } else { photosAddAccess = answer }
            case .location, .locationAlways:
                switch grant.setting {
                case .allow: locationGrants.set(.granted, for: grant.service, bundleIdentifier: bundle.bundleIdentifier)
                case .deny: locationGrants.set(.denied, for: grant.service, bundleIdentifier: bundle.bundleIdentifier)
                case .unset, .limited: locationGrants.reset(grant.service, bundleIdentifier: bundle.bundleIdentifier)
                }
            default:
                break
            }
        }
    }

    /// The photo library's answer to the app's question: the assets it may see (every one, or
    /// the header's `limitedLibrary` with limited access), oldest first, an asset's bytes, and
    /// the photos the app adds (which join a limited selection, as on iOS).
    private func answer(_ request: LibraryRequest) -> LibraryAnswer {
        switch request {
        case .assets:
            return .assets(visibleAssets().map(Self.described))
        case .add(let images):
            let added: [MediaAsset]
            do {
                added = try mediaLibrary.add(images.enumerated().map { MediaSource(path: "the app's photo \($0.offset + 1)", data: $0.element) })
            } catch {
                return .refused("\(error)")
            }
            limitedSelection.formUnion(added.map(\.localIdentifier))
            return .added(added.map(Self.described))
        case .data(let identifier):
            guard let asset = visibleAssets().first(where: { $0.localIdentifier == identifier }) else { return .data(nil) }
            return .data(try? fileSystem.contents(of: mediaLibrary.mediaFolder.appendingPathComponent(asset.path)))
        case .answered(let service, let answer):
            switch service {
            case "photos": photosAccess = answer
            case "photosAdd": photosAddAccess = answer
            case "location":
                locationGrants.set(answer == "denied" ? .denied : .granted, for: .location, bundleIdentifier: bundle.bundleIdentifier)
            default: break
            }
            return .recorded
        }
    }

    private static func described(_ asset: MediaAsset) -> LibraryAsset {
        LibraryAsset(localIdentifier: asset.localIdentifier, fileName: asset.fileName, uniformTypeIdentifier: asset.uniformTypeIdentifier,
                     pixelWidth: asset.pixelWidth, pixelHeight: asset.pixelHeight, creationDate: asset.creationDate.timeIntervalSince1970,
                     latitude: asset.latitude, longitude: asset.longitude)
    }

    /// `addMedia` while the app may be running, as `simctl addmedia`: the app's change
    /// observers are told.
    private func addMedia(_ files: [SuiteFilePath]) throws {
        guard !files.isEmpty else { return }
        do {
            _ = try mediaLibrary.add(files.map { MediaSource(filePath: $0.path) })
        } catch {
            throw StepFailure("could not add \(files.map(\.relativePath).joined(separator: ", ")) to the library: \(error)")
        }
        if running != nil { try send(.libraryChanged) }
    }

    /// `removeMedia`, as `simctl media remove`: the app's change observers are told.
    private func removeMedia(_ selector: AssetSelector) throws {
        let asset = try selector.select(in: try mediaLibrary.assets()).asset
        _ = try mediaLibrary.remove(localIdentifiers: [asset.localIdentifier])
        limitedSelection.remove(asset.localIdentifier)
        world.trace.record(.mediaRemoved(file: asset.fileName))
        if running != nil { try send(.libraryChanged) }
    }

    /// The library's assets the app may see now, oldest first.
    private func visibleAssets() -> [MediaAsset] {
        let assets = (try? mediaLibrary.assets()) ?? []
        switch photosAccess {
        case "granted": return assets
        case "limited": return assets.filter { limitedSelection.contains($0.localIdentifier) }
        default: return []
        }
    }

    /// The camera on screen takes a photo: a synthetic one of the device's camera size (or the
    /// sides given), or the image file given.
    private func takePhoto(_ shot: CameraShot) throws {
        switch shot {
        case .image(let file):
            let data = try fileSystem.contents(of: file.path)
            // A camera never delivers a damaged photo: one that does not decode is refused here,
            // naming the file, before the app is handed anything (as on the app host).
            do { _ = try ImageDecoder().decode(data) } catch { throw ScenarioSession.unusableCameraImage(file.path, error) }
            try send(.takePhoto(data: data))
        case .synthetic(let width, let height):
            try send(.takeSyntheticPhoto(SyntheticPhoto.next(width: width ?? cameraPhotoSize.width,
                                                             height: height ?? cameraPhotoSize.height, random: cameraRandom)))
        }
    }

    /// The photo `selector` names in the device's library, chosen in the app's picker: the
    /// image picker's, or a photo picker's (`PHPickerViewController`) as its one result.
    private func pickPhoto(_ selector: AssetSelector, crop: PhotoCrop?) throws {
        let assets = try mediaLibrary.assets()
        let (position, asset) = try selector.select(in: assets)
        if app?.latest.presentations.last?.typeName == "PHPickerViewController" {
            if crop != nil { throw StepFailure.cropOnPhotoPicker }
            world.trace.record(.pickerResults(indices: [position]))
            try send(.pickItems([try pickedItem(asset, fails: false)]))
            return
        }
        let data = try fileSystem.contents(of: mediaLibrary.mediaFolder.appendingPathComponent(asset.path))
        try send(.pickImage(data: data, fileName: asset.fileName, number: position + 1,
                            crop: crop.map { CropSquare(x: $0.x, y: $0.y, side: $0.size) }))
    }

    /// A photo picker's results: these assets in this order, those also in `failing` failing
    /// to load as the Simulator's known issue does (IOS-FACTS §6).
    private func pickerResults(_ selectors: [AssetSelector], failing: [AssetSelector]) throws {
        let assets = try mediaLibrary.assets()
        let failingIdentifiers = Set(try failing.map { try $0.select(in: assets).asset.localIdentifier })
        let chosen = try selectors.map { try $0.select(in: assets) }
        let items = try chosen.map { try pickedItem($0.asset, fails: failingIdentifiers.contains($0.asset.localIdentifier)) }
        // The simulator's side of the choice, in the words the app host's trace gives it.
        world.trace.record(.pickerResults(indices: chosen.map(\.position)))
        try send(.pickItems(items))
    }

    private func pickedItem(_ asset: MediaAsset, fails: Bool) throws -> PickedItem {
        let data = try fileSystem.contents(of: mediaLibrary.mediaFolder.appendingPathComponent(asset.path))
        return PickedItem(data: data, fileName: asset.fileName, localIdentifier: asset.localIdentifier, fails: fails)
    }

    /// `advanceClock`: the world's clock, and the running app's with it (its timers due by then
    /// fire, docs/determinism.md).
    private func advanceClock(by duration: ScenarioDuration) throws {
        world.trace.record(.clockAdvanced(span: duration.description))
        if running != nil {
            try send(.advanceClock(nanoseconds: duration.milliseconds * 1_000_000))
        } else {
            try world.passTime(nanoseconds: duration.milliseconds * 1_000_000)
        }
    }

    /// `injectFault`: the rule waits for the app's file calls, in this process or the next.
    private func injectFault(_ rule: FaultRule) throws {
        faultRules.append(rule)
        if running != nil { try send(.injectFault(Self.appRule(rule))) }
    }

    /// `setFaultRate`: the app's later file changes fail with this chance, drawn from the seed.
    private func setFaultRate(_ rate: Double) throws {
        faultRate = rate
        if running != nil { try send(.setFaultRate(rate)) }
    }

    /// `crashAt`: the app is killed when its code on Core passes the point (Core's
    /// `CrashPoint.reachedObserver`, which UIKit sets), in this process or the next, as the app
    /// host's kill: nothing more of it runs or reaches the disk.
    private func crashAt(_ point: String, occurrence: Int) throws {
        guard CrashPoint.named(point) != nil else {
            throw StepFailure("no crash point is called “\(point)” (docs/faults.md lists them)")
        }
        pendingCrashPoints[point] = occurrence
        if running != nil { try send(.crashAt(point: point, passes: occurrence)) }
    }

    /// `killAtTraceEvent: {contains: text}`: the app kills itself right after it makes the line
    /// (an event of its own, a file it finishes writing or removes), in this process or the next.
    private func killAtTraceEvent(containing text: String) throws {
        pendingKill = text
        if running != nil { try send(.killAtTraceEvent(containing: text)) }
    }

    /// A process killed at the trace line a kill waited for, in the fault layer's words: the
    /// step's events up to the line, the files it changed, `kill at trace event <n>: <App>
    /// killed, its disk frozen` (n the line's number), and the process's end. It is not a crash.
    /// A crash point's kill (its line `crash point <name>`, for a point `crashAt` armed) is
    /// traced as the app host traces it: `crash point <name>: <App> killed, its disk frozen`.
    private func recordKill(_ error: Error, launching: Bool) -> Bool {
        guard case .killedAtTraceEvent(_, let line, let events)? = error as? LaunchedApp.LaunchError else { return false }
        containerChangedUncounted()
        let crashPoint = HostMessage.crashPoint(inKillLine: line).flatMap { pendingCrashPoints[$0] != nil ? $0 : nil }
        let text: String?
        if let crashPoint {
            pendingCrashPoints[crashPoint] = nil
            text = nil
        } else {
            guard let pending = pendingKill else { return false }
            pendingKill = nil
            text = pending
        }
        var number: Int?
        world.trace.observer = { found, _, rendered in
            if number == nil, let text, rendered.contains(text) { number = found }
        }
        if launching { world.trace.record(.processLaunched(app: identifier)) }
        for event in events { world.trace.record(faultEvent(event) ?? .processEvent(app: identifier, event: event)) }
        recordContainerChanges()
        world.trace.observer = nil
        let point = crashPoint.map { TraceEvent.KillPoint.crashPoint($0) }
            ?? .traceEvent(line: number ?? world.trace.droppedLineCount + world.trace.events.count)
        world.trace.record(.faultKilled(app: bundle.displayName, at: point))
        world.trace.record(.processEnded(app: identifier, ending: LaunchedApp.Ending.signalled(SIGKILL).description))
        return true
    }

    private static func appRule(_ rule: FaultRule) -> AppFaultRule {
        AppFaultRule(kind: rule.kind.rawValue, operation: rule.operation.rawValue, nth: rule.nth, pathPattern: rule.pathPattern,
                     description: rule.description)
    }

    /// A fault the app's file layer reported (`fault diskFull on write Documents/a.txt (rule
    /// diskFull on write #1 of Documents/*)` or `(rate 0.01)`), as the trace's fault event; a
    /// rule that fired no longer waits.
    private func faultEvent(_ event: String) -> TraceEvent? {
        guard event.hasPrefix("fault ") else { return nil }
        let words = event.dropFirst("fault ".count)
        guard let on = words.range(of: " on "), let kind = FaultKind(rawValue: String(words[..<on.lowerBound])) else { return nil }
        let rest = words[on.upperBound...]
        guard let space = rest.firstIndex(of: " "), let operation = FaultOperation(rawValue: String(rest[..<space])) else { return nil }
        let tail = rest[rest.index(after: space)...]
        if let open = tail.range(of: " (rule "), tail.hasSuffix(")") {
            let description = String(tail[open.upperBound..<tail.index(before: tail.endIndex)])
            guard let index = faultRules.firstIndex(where: { $0.description == description }) else { return nil }
            let rule = faultRules.remove(at: index)
            return .faultInjected(kind: kind, operation: operation, path: String(tail[..<open.lowerBound]), cause: .rule(rule))
        }
        if let open = tail.range(of: " (rate "), tail.hasSuffix(")"),
           let rate = Double(tail[open.upperBound..<tail.index(before: tail.endIndex)]) {
            return .faultInjected(kind: kind, operation: operation, path: String(tail[..<open.lowerBound]), cause: .rate(rate))
        }
        return nil
    }

    /// PhotoSim's `terminateApp`: the app hears `applicationWillTerminate(_:)`, then exits; an
    /// app that is not running fails the step.
    private func terminate() throws {
        guard let app = running else { throw StepFailure("terminateApp: the app is not running; launch it first") }
        // The process closes its stores as it exits, after its last answer counted its changes.
        containerChangedUncounted()
        endedProcessLeaks += app.latest.leaks.map(Self.sentence)
        // The app's last connection to its store checkpoints and removes its log only when no
        // other is open (DeviceCheckup's `endRun`).
        checkup.closeConnections()
        do {
            let ending = try app.terminate()
            try world.passTime(nanoseconds: HostMessage.terminate.worldSpanNanoseconds)
            record(app.latest)
            world.trace.record(.processEnded(app: identifier, ending: ending.description))
        } catch {
            throw failure(error)
        }
    }

    private func kill() {
        guard let app = running else {
            world.trace.record(.killIgnored(state: "not running"))
            return
        }
        endedProcessLeaks += app.latest.leaks.map(Self.sentence)
        let ending = app.kill()
        world.trace.record(.processEnded(app: identifier, ending: ending.description))
    }

    private func clearState() throws {
        if running != nil { kill() }
        containerChangedUncounted()
        try fileSystem.removeItem(at: containerFolder)
        try RuntimeDevice.makeDataContainer(at: containerFolder, fileSystem: fileSystem)
        world.trace.record(.containerCleared(appID: identifier))
    }

    /// Sends `message` to the running app and records what it did. An app that ends on an
    /// action (a tap that crashes it) is not the step's failure, as on a device: the crash is
    /// remembered for `assertCrashed`, and the next command that needs the app says it ended.
    @discardableResult
    private func send(_ message: HostMessage) throws -> SettledStep? {
        guard let app = running else {
            throw StepFailure("the app is not running" + (crash.map { " (it \($0.ending): \($0.reason))" } ?? "") + "; launch it first")
        }
        lastLook = nil
        do {
            let settled = try app.send(message)
            lastLook = settled
            // The step took the app's world this long; the simulator's clock keeps pace, so a
            // relaunch or a photo added later is later in both.
            try world.passTime(nanoseconds: message.worldSpanNanoseconds)
            record(settled)
            return settled
        } catch {
            if recordKill(error, launching: false) {
                try world.passTime(nanoseconds: message.worldSpanNanoseconds)
                return nil
            }
            let failure = failure(error)
            if crash != nil, message != .describe { return nil }
            throw failure
        }
    }

    /// Whether a process of the app runs now.
    var isRunning: Bool { running != nil }

    /// The app's settled state now; fails when it is not running.
    func look() throws -> SettledStep {
        if let lastLook, running != nil { return lastLook }
        guard let settled = try send(.describe) else { throw StepFailure("the app ended") }
        lastLook = settled
        return settled
    }

    private func record(_ step: SettledStep) {
        pendingCrashPoints = step.crashPointPassesLeft
        for event in step.events {
            if let fault = faultEvent(event) {
                if case .faultInjected(_, .remove, let path, _) = fault { failedRemovals.insert(path) }
                world.trace.record(fault)
                continue
            }
            world.trace.record(.processEvent(app: identifier, event: event))
            if event.hasPrefix("post ") { postedNotifications.append(String(event.dropFirst("post ".count))) }
            if event == "privacy camera granted" { cameraAccess = true }
            if event == "privacy camera denied" { cameraAccess = false }
            if event.hasPrefix("privacy photos ") { photosAccess = String(event.dropFirst("privacy photos ".count)) }
            if event.hasPrefix("privacy photosAdd ") { photosAddAccess = String(event.dropFirst("privacy photosAdd ".count)) }
        }
        recordContainerChanges()
    }

    /// What changed in the container since the last step, as the trace's file events (by path):
    /// the simulator sees an app process's files, not its calls.
    private func recordContainerChanges() {
        let state = containerState
        if let state, state == walkedState { return }
        walkedState = state
        let now = Self.files(in: containerFolder)
        for (path, stamp) in now.sorted(by: { $0.key < $1.key }) where containerFiles[path] != stamp {
            world.trace.record(.fileWritten(path: path, byteCount: stamp.size))
        }
        for path in containerFiles.keys.sorted() where now[path] == nil {
            world.trace.record(.fileRemoved(path: path))
        }
        containerFiles = now
    }

    /// The container's regular files by container-relative path, leaving out the app's console.
    private static func files(in container: String) -> [String: FileStamp] {
        var files: [String: FileStamp] = [:]
        collectFiles(in: container, prefix: "", depth: 0, fileSystem: POSIXFileSystem(), into: &files)
        return files
    }

    /// The regular files below `folder` by path (relative to the container), through the
    /// file-system seam's `lstat` (a walk per step: Foundation's attribute dictionaries cost
    /// more than the step itself).
    private static func collectFiles(in folder: String, prefix: String, depth: Int, fileSystem: POSIXFileSystem,
                                     into files: inout [String: FileStamp]) {
        guard depth < 32, let names = try? fileSystem.contentsOfDirectory(at: folder) else { return }
        for name in names where !name.hasSuffix(".console.log") {
            let path = folder.appendingPathComponent(name)
            guard let status = try? fileSystem.statusOfItem(at: path) else { continue }
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            switch status.kind {
            case .directory: collectFiles(in: path, prefix: relative, depth: depth + 1, fileSystem: fileSystem, into: &files)
            case .regularFile: files[relative] = FileStamp(size: status.sizeBytes, modified: status.modificationNanoseconds)
            default: break
            }
        }
    }

    /// A launch or step that failed as the step's failure; an app that ended is remembered as
    /// crashed (for `assertCrashed`) and its end traced.
    private func failure(_ error: Error) -> StepFailure {
        guard let launchError = error as? LaunchedApp.LaunchError else { return StepFailure("\(error)") }
        if case .ended(_, let ending, let reason) = launchError {
            containerChangedUncounted()
            for event in app?.eventsBeforeEnd ?? [] { world.trace.record(faultEvent(event) ?? .processEvent(app: identifier, event: event)) }
            crash = (ending, reason)
            world.trace.record(.processEnded(app: identifier, ending: ending.description))
            // In the app host's words: `LootLogger crashed: …`, `LootLogger killed by jetsam …`.
            if app?.endedByJetsam == true {
                if let crossed = Self.limitCrossing(in: reason) {
                    world.trace.record(.memoryLimitCrossed(footprintBytes: crossed.footprint, limitBytes: crossed.limit))
                }
                world.trace.record(.appJetsamKilled(app: bundle.displayName, reason: "per-process-limit"))
            } else {
                world.trace.record(.appCrashed(app: bundle.displayName, reason: reason.split(separator: "\n").last.map(String.init) ?? "\(ending)"))
            }
            return StepFailure("\(identifier) crashed: \(ending)" + (reason.isEmpty ? "" : ": \(reason)"))
        }
        return StepFailure(launchError.description)
    }

    /// The footprint and the limit of UIKit's jetsam reason (`… decoded images of N bytes over
    /// the limit of L`), for the trace's `memory limit crossed` line as the app host writes it.
    /// The simulator's own reason for the whole process (`… a footprint of N bytes above …`,
    /// read from /proc) gives none: that figure moves by pages between runs of one seed, so it
    /// stays in the crash's reason and out of the trace.
    static func limitCrossing(in reason: String) -> (footprint: Int, limit: Int)? {
        func number(after marker: String) -> Int? {
            guard let range = reason.range(of: marker) else { return nil }
            return Int(reason[range.upperBound...].prefix { $0.isNumber })
        }
        guard let limit = number(after: " over the limit of "), let footprint = number(after: "decoded images of ") else { return nil }
        return (footprint, limit)
    }

    /// The element `selector` means in the app's tree now.
    private func element(_ selector: ElementSelector) throws -> ElementNode {
        let tree = try look().tree
        guard let element = selector.match(in: tree) else {
            throw StepFailure("\(selector) is not on screen; on screen: \(Self.summary(of: tree))",
                              expected: "\(selector) visible", actual: Self.summary(of: tree))
        }
        return element
    }

    static func summary(of tree: ElementNode) -> String {
        let shown = summaries(of: tree)
        return shown.isEmpty ? "nothing" : shown.joined(separator: ", ")
    }

    /// `label “0 entries” #count`: each element that shows text, in tree order.
    static func summaries(of tree: ElementNode) -> [String] {
        tree.flattened.compactMap { node in node.shownText.map { "\(node.kind) “\($0)”" + (node.identifier.map { " #\($0)" } ?? "") } }
    }

    // MARK: Assertions

    private func assertVisible(_ selector: ElementSelector, visible: Bool) throws {
        let tree = try look().tree
        guard (selector.match(in: tree) != nil) != visible else { return }
        let onScreen = Self.summary(of: tree)
        throw StepFailure(visible ? "\(selector) is not on screen; on screen: \(onScreen)" : "\(selector) is on screen, expected it gone",
                          expected: visible ? "\(selector) visible" : "\(selector) not visible", actual: onScreen)
    }

    private func assertNoLeaks() throws {
        let leaks = try look().leaks
        guard leaks.isEmpty else {
            throw StepFailure.mismatch("leaks", expected: "none",
                                       actual: leaks.map { "\($0.typeName) (left the screen in step \($0.leftAtStep))" }.joined(separator: ", "))
        }
    }

    /// Exactly one controller alive after it left the screen, of `type`.
    private func assertLeak(type: String) throws {
        let leaks = try look().leaks
        guard leaks.count == 1, leaks[0].typeName == type else {
            throw StepFailure.mismatch("leaks", expected: "one leak of \(type)",
                                       actual: leaks.isEmpty ? "no leak"
                                           : leaks.map { "\($0.typeName) (left the screen in step \($0.leftAtStep))" }.joined(separator: ", "))
        }
    }

    private func assertCrashed(reason: String?) throws {
        guard let crash else {
            throw StepFailure.mismatch("app state", expected: "crashed" + (reason.map { " with “\($0)”" } ?? ""),
                                       actual: running == nil ? "not running" : "running")
        }
        if let reason, !crash.reason.contains(reason) {
            throw StepFailure.mismatch("crash reason", expected: "a reason containing “\(reason)”", actual: crash.reason)
        }
    }

    /// The presented controller on top (its title and type name) and its style; the camera's
    /// privacy prompt, when it is up, is an `alert` named by its title.
    private func assertPresented(_ expectation: PresentedExpectation?) throws {
        let settled = try look()
        let actual: (screen: [String], style: String)?
        if let alert = settled.systemAlert {
            actual = ([alert], "alert")
        } else if let top = settled.presentations.last {
            // UIKit's own classes answer to their names without `UI` as well
            // (`ImagePickerController`), as the app host's screens are named.
            let unprefixed = top.typeName.hasPrefix("UI") ? [String(top.typeName.dropFirst(2))] : []
            actual = ([top.title ?? "", top.typeName] + unprefixed, top.style)
        } else {
            actual = nil
        }
        try ScenarioSession.check(presented: actual, against: expectation)
    }

    /// The app's decoded images (its `UIImage`s' pixels, as UIKit counts them) and what of
    /// them no on-screen image view shows.
    private func assertMemory(footprintBelow limit: ByteSize?, cacheEmpty: Bool?) throws {
        let settled = try look()
        try ScenarioSession.checkMemory(footprint: settled.imageBytes,
                                        heldOffScreen: max(0, settled.imageBytes - settled.imageBytesOnScreen),
                                        footprintBelow: limit, cacheEmpty: cacheEmpty)
    }

    private func assertRunning() throws {
        let state = running == nil ? "not running" : try look().applicationState
        guard state == "active" else { throw StepFailure.mismatch("app state", expected: "active", actual: state) }
    }

    /// The application notifications posted since the last check, in order, compared without
    /// `UIApplication` and `Notification` (`didEnterBackground`), as on the app host.
    private func assertNotifications(_ names: [String]) throws {
        if running != nil { try send(.describe) }
        let posted = postedNotifications[min(notificationsSeen, postedNotifications.count)...]
            .filter { $0.hasPrefix("UIApplication") }.map(ScenarioSession.shortNotificationName)
        notificationsSeen = postedNotifications.count
        let expected = names.map(ScenarioSession.shortNotificationName)
        guard Array(posted) == expected else {
            throw StepFailure.mismatch("notifications", expected: expected.description, actual: Array(posted).description)
        }
    }
}

extension ElementNode {
    /// The text an element shows: its accessibility label, else its value, else its
    /// placeholder (an empty text field shows its placeholder).
    var shownText: String? {
        [label, value, placeholder].lazy.compactMap { $0 }.first { !$0.isEmpty }
    }
}

/// A file's size and modification time, to see that a step wrote it.
struct FileStamp: Equatable {
    let size: Int
    /// `st_mtim` in nanoseconds.
    let modified: Int64
}

