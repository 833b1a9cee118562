import Apps
@testable import AppRuntime
import Core
import Platform
import Simulator
import Testing

/// A team's own app, as small as a test needs: records notifications, opens the camera on demand.
final class ProbeApp: Application {
    let environment: AppEnvironment
    var heard: [String] = []

    init(environment: AppEnvironment) {
        self.environment = environment
        let names: [NotificationName] = [.didFinishLaunching, .willResignActive, .didEnterBackground,
                                         .willEnterForeground, .didBecomeActive, .willTerminate, .didReceiveMemoryWarning]
        for name in names {
            _ = environment.notificationCenter.addObserver(forName: name, registrant: self) { [weak self] name in
                self?.heard.append(name.rawValue)
            }
        }
    }

    func didFinishLaunching() throws -> WindowContent { .navigation(root: ProbeScreen(environment: environment)) }
}

final class ProbeScreen: Screen {
    override var title: String { "Probe" }
    override var elements: [Element] {
        [
            Element(kind: .button, label: "Camera") { [unowned self] in
                try self.present(try ImagePickerController(sourceType: .camera, environment: self.environment))
            },
            Element(kind: .button, label: "Swallowed crash") { [unowned self] in
                do { throw self.environment.crash(reason: "broken invariant") } catch {}
            },
        ]
    }
}

@Suite("Runtime: lifecycle, crashes, leaks, memory")
struct RuntimeLifecycleTests {
    static let probe = AppDefinition(bundleIdentifier: "com.example.Probe", displayName: "Probe") {
        ProbeApp(environment: $0)
    }

    /// The names of the notifications delivered to an observer, in order.
    func heard(_ host: AppHost) -> [String] {
        host.trace.events.compactMap { entry in
            guard case .notificationDelivered(let name, _) = entry.event else { return nil }
            return name
        }
    }

    @Test func notificationsArriveInIOSOrder() throws {
        let sandbox = try RuntimeSandbox(definition: Self.probe)
        let host = sandbox.host
        try host.launch()
        try host.pressHome()
        try host.activate()
        try host.simulateMemoryWarning()
        try host.terminate()
        #expect(heard(host) == [
            "UIApplicationDidFinishLaunchingNotification", "UIApplicationDidBecomeActiveNotification",
            "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
            "UIApplicationWillEnterForegroundNotification", "UIApplicationDidBecomeActiveNotification",
            "UIApplicationDidReceiveMemoryWarningNotification",
            "UIApplicationWillResignActiveNotification", "UIApplicationDidEnterBackgroundNotification",
            "UIApplicationWillTerminateNotification",
        ])
        #expect(host.state == .terminated)
    }

    @Test func aKilledAppHearsNothing() throws {
        let sandbox = try RuntimeSandbox(definition: Self.probe)
        try sandbox.host.launch()
        try sandbox.host.kill()
        #expect(heard(sandbox.host).count == 2)
        #expect(sandbox.host.world.observers.allObservers.isEmpty)
    }

    @Test func theCameraOnACameraLessDeviceRaisesSourceType1NotAvailable() throws {
        let sandbox = try RuntimeSandbox(hasCamera: false, definition: Self.probe)
        let host = sandbox.host
        try host.launch()
        try host.tap("Camera")
        #expect(host.state == .crashed(.uncaughtException(name: "NSInvalidArgumentException",
                                                          reason: "Source type 1 not available")))
        #expect(host.trace.events.contains { $0.event == .appCrashed(app: "Probe",
            reason: "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: 'Source type 1 not available'") })
        #expect(throws: RuntimeError.self) { try host.tap("Camera") }
        #expect(host.world.observers.allObservers.isEmpty, "a dead app's observers are gone")
    }

    @Test func theCameraWithoutItsUsageDescriptionIsATCCCrashNamingTheKey() throws {
        let sandbox = try RuntimeSandbox(infoPlist: { $0["NSCameraUsageDescription"] = nil })
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Take Photo")
        #expect(host.state == .crashed(.privacyViolation(reason:
            "This app has crashed because it attempted to access privacy-sensitive data without a usage description.  "
            + "The app's Info.plist must contain an NSCameraUsageDescription key with a string value explaining to the "
            + "user how the app uses this data.")))
    }

    @Test func aSwallowedTerminationStillCrashesTheApp() throws {
        let sandbox = try RuntimeSandbox(definition: Self.probe)
        try sandbox.host.launch()
        try sandbox.host.tap("Swallowed crash")
        #expect(sandbox.host.state == .crashed(.fatalError(reason: "broken invariant")))
    }

    @Test func firstCameraUsePromptsAndOKLetsThePhotoThrough() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Take Photo")
        #expect(host.presentedStyle == "fullScreen")
        #expect(host.promptTitle == "“MyLocations” Would Like to Access the Camera")
        #expect(host.visibleElements.filter { $0.kind == .button }.map(\.label) == ["Don’t Allow", "OK"])
        #expect(sandbox.element(MyLocations.usageDescription) != nil)
        try host.tap("OK")
        try host.takePhoto()
        #expect(sandbox.element("photo")?.image?.bitmap.width == 48, "the centre square of the 64x48 camera photo")
        #expect(sandbox.device.privacy[.camera] == .granted)
    }

    @Test func deniedCameraTakesNoPhoto() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Take Photo")
        try host.tap("Don’t Allow")
        #expect(throws: RuntimeError.cameraUnavailable(reason: "camera access is denied")) { try host.takePhoto() }
    }

    @Test(arguments: ["actionSheet", "pageSheet"])
    func goingToTheBackgroundDismissesWhatTheDetailsScreenPresents(presented: String) throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("description")
        try host.tap("Add Photo")
        if presented == "pageSheet" { try host.tap("Choose From Library") }
        #expect(host.presentedStyle == presented)
        try host.pressHome()
        #expect(host.presentedStyle == "none")
        #expect(host.trace.events.contains { if case .dismissed(_, animated: false) = $0.event { true } else { false } })
        try host.activate()
        #expect(host.topScreen?.title == "Tag Location")
        #expect(sandbox.element("description")?.isFocused == false, "editing ended")
    }

    @Test func backgroundingWithNothingPresentedDismissesNothing() throws {
        let sandbox = try RuntimeSandbox()
        try sandbox.host.launch()
        try sandbox.host.tap("Tag Location")
        try sandbox.host.pressHome()
        #expect(!sandbox.host.trace.events.contains { [.dismissed, .dismissIgnored].contains($0.event.kind) })
    }

    @Test func theCategoryPickerSurvivesBackgrounding() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Category")
        try host.pressHome()
        try host.activate()
        #expect(host.topScreen?.title == "Choose Category")
        try host.tap("Bar")
        #expect(sandbox.element("category")?.value == "Bar")
    }

    @Test func theStrongObserverBuildLeaksTheDetailsScreenRetainedByItsBackgroundObserver() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch(arguments: ["strongObserver": "true"])
        try host.tap("Tag Location")
        try host.tap("Cancel")
        let leaks = try host.leaks()
        #expect(leaks.count == 1)
        #expect(leaks.first?.typeName == "LocationDetailsScreen")
        #expect(leaks.first?.retainer?.name == "UIApplicationDidEnterBackgroundNotification")
        #expect(leaks.first?.retainer?.registrant == "LocationDetailsScreen#1")
    }

    @Test func theWeakObserverBuildDoesNotLeak() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto()
        try host.tap("Tag Location")
        try host.tap("Cancel")
        #expect(try host.leaks().isEmpty)
    }

    @Test func aMemoryWarningEmptiesTheThumbnailCache() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto()
        try host.tap("Locations")
        #expect(host.memoryFootprintBytes > 0, "the thumbnail is counted")
        try host.tap("Tag")
        try host.simulateMemoryWarning()
        #expect(host.memoryFootprintBytes == 0)
        #expect(host.state == .active)
        #expect(host.trace.events.contains { if case .memoryWarning("simulated", _, _) = $0.event { true } else { false } })
    }

    @Test func anAppCrossingItsLimitIsKilledThereWithoutAWarning() throws {
        let sandbox = try RuntimeSandbox(hasCamera: false, memoryLimitBytes: 10_000)
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.pickPhoto(index: 0)
        #expect(host.state == .jetsamKilled(reason: "per-process-limit"))
        #expect(host.peakMemoryFootprintBytes > 10_000)
        #expect(host.trace.events.contains {
            if case .memoryLimitCrossed(let footprint, 10_000) = $0.event { footprint > 10_000 } else { false }
        })
        #expect(!host.trace.events.contains { $0.event.kind == .memoryWarning }, "one allocation crossed both: no warning came")
        #expect(host.trace.events.contains { $0.event == .appJetsamKilled(app: "MyLocations", reason: "per-process-limit") })
    }

    /// iOS ends a process the moment its footprint crosses the limit: a peak the app would have
    /// come down from after its warning is still the end of it (the warning came earlier, at
    /// memory pressure, and did not bring the footprint down).
    @Test func aTransientPeakOverTheLimitIsTheEndOfTheApp() throws {
        let meter = HostMemoryMeter(limitBytes: 1_000)
        var calls: [String] = []
        meter.onPressure = { calls.append("warning") }
        meter.onLimitCrossed = { calls.append("jetsam") }
        meter.didAllocate(bytes: 850, category: .decodedBitmap)
        meter.didAllocate(bytes: 100, category: .decodedBitmap)
        meter.didAllocate(bytes: 100, category: .decodedBitmap)
        meter.didRelease(bytes: 900, category: .decodedBitmap)
        meter.didAllocate(bytes: 2_000, category: .decodedBitmap)
        #expect(calls == ["warning", "jetsam"], "one warning at 80 %, one kill at the crossing")
    }
}
