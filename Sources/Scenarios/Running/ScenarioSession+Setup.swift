import Core
import Foundation
import Platform
import Simulator

/// Making the device and applying the header: Info.plist edits, memory limit, media,
/// permissions, the limited selection and the container fixture, before the first command.
extension ScenarioSession {
    /// A session for `scenario` on `target`, with its header applied.
    /// A temporary device's empty media library is written from `mediaTemplate` when one is given.
    static func start(_ scenario: Scenario, world: World, target: RunTarget, folder: String, fileSystem: FileSystem,
                      apps: [AppDefinition], defaultTolerance: Int,
                      mediaTemplate: MediaLibraryTemplate? = nil) throws(StepFailure) -> ScenarioSession {
        let header = scenario.header
        guard let definition = apps.first(where: { $0.bundleIdentifier.rawValue == header.appId }) else {
            throw StepFailure("no app \(header.appId) is known to the runner; known: "
                + apps.map(\.bundleIdentifier.rawValue).joined(separator: ", "))
        }
        try checkSupported(header.onFlowStart + scenario.steps + header.onFlowComplete, appId: header.appId)
        let device = try makeDevice(header, definition: definition, world: world, target: target, folder: folder,
                                    fileSystem: fileSystem, mediaTemplate: mediaTemplate)
        for key in header.infoPlist.removedKeys { device.infoPlist[key] = nil }
        for entry in header.infoPlist.setEntries { device.infoPlist[entry.key] = entry.value.description }
        let host = AppHost(definition: definition, device: device, world: world,
                           memoryLimitBytes: header.memoryLimit.map { Int(clamping: $0.bytes) })
        let session = ScenarioSession(scenario: scenario, world: world, device: device, host: host,
                                      fileSystem: fileSystem, defaultTolerance: defaultTolerance)
        try session.applyMedia(header.media)
        try session.apply(header.permissions)
        if let available = header.socialServices {
            for type in ComposeServiceType.all {
                device.setComposeService(type, available: available.contains(type.rawValue))
            }
        }
        if let container = header.container { try session.copyContainer(from: container) }
        return session
    }

    /// Refuses, before anything runs, commands the host cannot do, saying why.
    private static func checkSupported(_ steps: [ScenarioStep], appId: String) throws(StepFailure) {
        for step in steps {
            var other: String?
            switch step.command {
            case .launchApp(let options): other = options.appId
            case .stopApp(let id), .killApp(let id), .clearState(let id): other = id
            case .pressKey(.enter):
                throw located(.notSupported("pressKey: Enter: the in-process apps' text fields have no return key; run an app "
                    + "built against UIKit in its own process (`--app`), where it asks `textFieldShouldReturn(_:)`"), step)
            case .tapOnPoint:
                throw located(.notSupported("\(step.command.name) at a point: a point of the screen needs the frames of an app in "
                    + "its own process (`--app`), and the in-process apps lay their screens out as lists"), step)
            case .tapWith(_, let options) where options.waitUntilVisible:
                throw located(.notSupported("waitUntilVisible: whether another element covers the tapped one needs the frames of an "
                    + "app in its own process (`--app`), and the in-process apps lay their screens out as lists"), step)
            case .swipe(_, let direction) where direction != .left:
                throw located(.notSupported("swipe \(direction.rawValue): the host models only a LEFT swipe on a row, which reveals its Delete button"), step)
            default: if let body = step.command.nestedSteps { try checkSupported(body, appId: appId) }
            }
            if let selector = step.command.selectors.first(where: \.needsFrames) {
                throw located(.notSupported("the selector \(selector): relations and sizes need the frames of an app in its own "
                    + "process (`--app`), and the in-process apps lay their screens out as lists"), step)
            }
            if let other, other != appId {
                throw located(.notSupported("\(step.command.name) of \(other): a scenario drives one app, its header's appId \(appId)"), step)
            }
        }
    }

    private static func located(_ failure: StepFailure, _ step: ScenarioStep) -> StepFailure {
        var failure = failure
        failure.message = "\(step): \(failure.message)"
        return failure
    }

    private static func makeDevice(_ header: ScenarioHeader, definition: AppDefinition, world: World, target: RunTarget,
                                   folder: String, fileSystem: FileSystem,
                                   mediaTemplate: MediaLibraryTemplate?) throws(StepFailure) -> RuntimeDevice {
        do {
            switch target {
            case .installed(let set, let selector):
                let device = try RuntimeDevice.installed(in: set, device: selector, definition: definition, world: world,
                                                         fileSystem: fileSystem)
                try checkCamera(header, deviceHasCamera: device.hasCamera, name: selector)
                return device
            case .temporaryDevice:
                return try temporaryDevice(header, definition: definition, world: world, folder: folder, fileSystem: fileSystem,
                                           mediaTemplate: mediaTemplate)
            }
        } catch let failure as StepFailure {
            throw failure
        } catch {
            throw StepFailure("could not make the device: \(error)")
        }
    }

    /// The header's device type and the system version of its runtime (the newest the type
    /// runs when the header names none), as a temporary device of the run has them.
    static func deviceTypeAndVersion(_ header: ScenarioHeader) throws(StepFailure) -> (DeviceType, String) {
        let catalogue = DeviceCatalogue.standard
        guard let deviceType = catalogue.deviceType(matching: header.device) else {
            throw StepFailure("no device type is called \(header.device); see `simctl list devicetypes`")
        }
        var version = catalogue.newestAvailableRuntime(for: deviceType)?.version ?? deviceType.minimumRuntimeVersion
        if let name = header.runtime {
            guard let runtime = catalogue.runtime(matching: name) else {
                throw StepFailure("no runtime is called \(name); see `simctl list runtimes`")
            }
            guard catalogue.supports(deviceType, on: runtime) else {
                throw StepFailure("\(deviceType.name) does not run on \(runtime.name); choose another device or runtime")
            }
            version = runtime.version
        }
        return (deviceType, version)
    }

    /// A device of a set has its own cameras; a header that says otherwise is refused before the
    /// first command rather than run on the wrong device.
    static func checkCamera(_ header: ScenarioHeader, deviceHasCamera: Bool, name: String) throws(StepFailure) {
        guard let wanted = header.hasCamera, wanted != deviceHasCamera else { return }
        throw StepFailure(wanted
            ? "the header says `camera: hardware`, but \(name) was made without (`simctl create --no-camera`); "
                + "remove `camera: hardware` or run on another device"
            : "the header says `camera: none`, but \(name) has its type's cameras; run on a device made with "
                + "`simctl create <name> <type> --no-camera`, or without `--device`")
    }

    /// A fresh device of the header's type and runtime in `folder` (`Container/`, `Media/`).
    private static func temporaryDevice(_ header: ScenarioHeader, definition: AppDefinition, world: World,
                                        folder: String, fileSystem: FileSystem,
                                        mediaTemplate: MediaLibraryTemplate?) throws -> RuntimeDevice {
        let (deviceType, version) = try deviceTypeAndVersion(header)
        try? fileSystem.removeItem(at: folder)
        let container = folder.appendingPathComponent("Container")
        try RuntimeDevice.makeDataContainer(at: container, fileSystem: fileSystem)
        let media = folder.appendingPathComponent("Media")
        try mediaTemplate?.write(into: media, scratchFolder: folder + "-media-template",
                                 fileSystem: fileSystem)
        let library = try MediaLibrary(mediaFolder: media, fileSystem: fileSystem,
                                       clock: world.dateClock(epochDate: RuntimeDevice.epochDate),
                                       random: world.streams.stream("media"))
        return RuntimeDevice(deviceType: deviceType, hasCamera: header.hasCamera ?? true, systemVersion: version, containerPath: container,
                             infoPlist: definition.infoPlist, displayName: definition.displayName,
                             mediaLibrary: library, fileSystem: fileSystem)
    }

    /// Adds suite files to the device's library, all or nothing (as `simctl addmedia`).
    func applyMedia(_ files: [SuiteFilePath]) throws(StepFailure) {
        guard !files.isEmpty else { return }
        do {
            _ = try device.mediaLibrary.add(files.map { MediaSource(filePath: $0.path) })
        } catch {
            throw StepFailure("could not add \(files.map(\.relativePath).joined(separator: ", ")) to the library: \(error)")
        }
    }

    /// Sets privacy answers as `simctl privacy` would; `limited` selects the header's
    /// `limitedLibrary` assets.
    func apply(_ grants: [PermissionGrant]) throws(StepFailure) {
        for grant in grants {
            switch grant.setting {
            case .allow: device.privacy[grant.service] = .granted
            case .deny: device.privacy[grant.service] = .denied
            case .unset: device.privacy[grant.service] = nil
            case .limited:
                device.privacy[grant.service] = .limited
                let identifiers = try scenario.header.limitedLibrary.map { selector throws(StepFailure) in
                    try asset(selector).localIdentifier
                }
                device.limitedLibrarySelection = identifiers
            }
        }
    }
}
