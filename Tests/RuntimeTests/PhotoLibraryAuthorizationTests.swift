import Core
import Platform
import Simulator
import Testing

@Suite("Runtime: photo-library authorization")
struct PhotoLibraryAuthorizationTests {
    static let tccText = "This app has crashed because it attempted to access privacy-sensitive data without a usage "
        + "description.  The app's Info.plist must contain an %@ key with a string value explaining to the user how the "
        + "app uses this data."

    func launchedProbe(answer: PrivacyAuthorization? = nil, addAnswer: PrivacyAuthorization? = nil,
                       usageDescriptions: [UsageDescriptionKey: String]? = nil) throws -> (RuntimeSandbox, PhotosProbeBox) {
        let box = PhotosProbeBox()
        let sandbox = try RuntimeSandbox(definition: usageDescriptions.map { box.definition(usageDescriptions: $0) } ?? box.definition())
        sandbox.device.privacy[.photos] = answer
        sandbox.device.privacy[.photosAdd] = addAnswer
        try sandbox.host.launch()
        return (sandbox, box)
    }

    @Test func rawValuesAreTheSDKs() {
        let statuses: [PhotoLibraryAuthorization] = [.notDetermined, .restricted, .denied, .authorized, .limited]
        #expect(statuses.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(PhotoLibraryAccessLevel.allCases.map(\.rawValue) == [1, 2])
        #expect(ImageRequestOptions.DeliveryMode.allCases.map(\.rawValue) == [0, 1, 2])
        #expect([ImageContentMode.aspectFit, .aspectFill].map(\.rawValue) == [0, 1])
        #expect(ComposeResult.allCases.map(\.rawValue) == [0, 1])
    }

    @Test(arguments: [
        (nil, PhotoLibraryAuthorization.notDetermined, PhotoLibraryAuthorization.notDetermined, PhotoLibraryAuthorization.notDetermined),
        (PrivacyAuthorization.granted, .authorized, .authorized, .authorized),
        (.limited, .limited, .authorized, .authorized),
        (.denied, .denied, .denied, .notDetermined),
        (.restricted, .restricted, .restricted, .notDetermined),
    ])
    func everyStatusComesFromTheDevicesAnswer(answer: PrivacyAuthorization?, readWrite: PhotoLibraryAuthorization,
                                              legacy: PhotoLibraryAuthorization, addOnly: PhotoLibraryAuthorization) throws {
        let (_, box) = try launchedProbe(answer: answer)
        let environment = try #require(box.app).environment
        #expect(environment.photoLibrary.authorizationStatus(for: .readWrite) == readWrite)
        #expect(environment.photoLibraryAuthorization == readWrite)
        #expect(environment.photoLibrary.legacyAuthorizationStatus == legacy)
        #expect(environment.photoLibrary.authorizationStatus(for: .addOnly) == addOnly)
    }

    @Test func addOnlyFollowsItsOwnAnswerFirst() throws {
        let (_, box) = try launchedProbe(answer: .granted, addAnswer: .denied)
        #expect(try #require(box.app).environment.photoLibrary.authorizationStatus(for: .addOnly) == .denied)
    }

    @Test(arguments: [
        ("Allow Full Access", PrivacyAuthorization.granted, PhotoLibraryAuthorization.authorized),
        ("Limit Access…", .limited, .limited),
        ("Don’t Allow", .denied, .denied),
    ])
    func theFirstRequestPromptsWithTheIOS17TextsAndTheAnswerIsKept(button: String, answer: PrivacyAuthorization,
                                                                   status: PhotoLibraryAuthorization) throws {
        let (sandbox, box) = try launchedProbe()
        let host = sandbox.host
        try host.tap("Authorize")
        #expect(host.promptTitle == "“Probe” Would Like to Access Your Photos")
        #expect(host.visibleElements.map(\.label) == ["“Probe” Would Like to Access Your Photos", "Probe shows your photos.",
                                                      "Limit Access…", "Allow Full Access", "Don’t Allow"])
        let app = try #require(box.app)
        #expect(app.authorizations.isEmpty, "nothing is answered before the user is")
        try host.tap(button)
        #expect(host.promptTitle == nil)
        #expect(app.authorizations == [status])
        #expect(sandbox.device.privacy[.photos] == answer)
        #expect(host.trace.lines.contains { $0.hasSuffix("run PhotosProbe.com.apple.photos.authorization: photos authorization \(status)") },
                "Photos answers on its own queue, not the main queue")
        try host.tap("Authorize")
        #expect(host.promptTitle == nil, "a decided app is not asked again")
        #expect(app.authorizations == [status, status])
    }

    @Test func beforeIOS17ThePromptOffersSelectPhotosAndAllowAccessToAllPhotos() throws {
        let box = PhotosProbeBox()
        let sandbox = try RuntimeSandbox(definition: box.definition())
        let current = sandbox.device
        let device = RuntimeDevice(deviceType: current.deviceType, systemVersion: "16.4", containerPath: current.containerPath,
                                   infoPlist: current.infoPlist, displayName: current.displayName,
                                   mediaLibrary: current.mediaLibrary, fileSystem: current.fileSystem)
        let host = AppHost(definition: box.definition(), device: device, world: sandbox.world)
        try host.launch()
        try host.tap("Authorize")
        #expect(host.visibleElements.map(\.label).suffix(3) == ["Select Photos…", "Allow Access to All Photos", "Don’t Allow"])
        try host.tap("Select Photos…")
        #expect(try #require(box.app).authorizations == [.limited])
    }

    @Test func theLegacyRequestReportsLimitedAsAuthorized() throws {
        let (sandbox, box) = try launchedProbe()
        try sandbox.host.tap("Legacy Authorize")
        try sandbox.host.tap("Limit Access…")
        #expect(try #require(box.app).authorizations == [.authorized])
        #expect(sandbox.device.privacy[.photos] == .limited)
    }

    @Test(arguments: [(PrivacyAuthorization.denied, PhotoLibraryAuthorization.denied), (.restricted, .restricted)])
    func aDecidedOrRestrictedAppIsAnsweredWithoutAPrompt(answer: PrivacyAuthorization, status: PhotoLibraryAuthorization) throws {
        let (sandbox, box) = try launchedProbe(answer: answer)
        try sandbox.host.tap("Authorize")
        #expect(sandbox.host.promptTitle == nil)
        #expect(try #require(box.app).authorizations == [status])
    }

    @Test func theAddOnlyPromptAsksToAddToYourPhotos() throws {
        let (sandbox, box) = try launchedProbe()
        try sandbox.host.tap("Authorize Add")
        #expect(sandbox.host.promptTitle == "“Probe” Would Like to Add to your Photos")
        try sandbox.host.tap("Allow")
        #expect(try #require(box.app).authorizations == [.authorized])
        #expect(sandbox.device.privacy[.photosAdd] == .granted)
        #expect(sandbox.device.privacy[.photos] == nil)
    }

    @Test(arguments: [
        ("Authorize", "NSPhotoLibraryUsageDescription", [UsageDescriptionKey: String]()),
        ("Fetch", "NSPhotoLibraryUsageDescription", [UsageDescriptionKey: String]()),
        ("Legacy Authorize", "NSPhotoLibraryUsageDescription", [.photoLibraryAdd: "Adds."]),
        ("Authorize Add", "NSPhotoLibraryAddUsageDescription", [.photoLibrary: "Reads."]),
    ] as [(String, String, [UsageDescriptionKey: String])])
    func aFirstAccessWithoutTheUsageDescriptionIsTheTCCCrashNamingTheKey(button: String, key: String,
                                                                        usageDescriptions: [UsageDescriptionKey: String]) throws {
        let (sandbox, _) = try launchedProbe(usageDescriptions: usageDescriptions)
        try sandbox.host.tap(button)
        let reason = Self.tccText.replacingOccurrences(of: "%@", with: key)
        #expect(sandbox.host.state == .crashed(.privacyViolation(reason: reason)))
        #expect(sandbox.host.trace.events.contains { $0.event == .appCrashed(app: "PhotosProbe", reason: "TCC, \(reason)") })
    }

    @Test func onceGrantedAMissingUsageDescriptionDoesNotCrash() throws {
        let (sandbox, box) = try launchedProbe(answer: .granted, usageDescriptions: [:])
        try sandbox.host.tap("Fetch")
        #expect(sandbox.host.state == .active)
        #expect(try #require(box.app).fetched.count == 2)
    }

    @Test func aSilentFetchWhileUndecidedPromptsAndSeesNothingUntilAllowed() throws {
        let (sandbox, box) = try launchedProbe()
        let app = try #require(box.app)
        try sandbox.host.tap("Fetch")
        #expect(app.fetched.isEmpty)
        #expect(sandbox.host.promptTitle == "“Probe” Would Like to Access Your Photos")
        try sandbox.host.tap("Allow Full Access")
        try sandbox.host.tap("Fetch")
        #expect(app.fetched.count == 2)
    }

    @Test func aDeniedAppFetchesNothingAndItsRequestsFailWithAccessDenied() throws {
        let (sandbox, box) = try launchedProbe(answer: .granted)
        let app = try #require(box.app)
        try sandbox.host.tap("Fetch")
        sandbox.device.privacy[.photos] = .denied
        try sandbox.host.tap("Request")
        #expect(app.results.map { $0.info.error?.code } == [3311])
        try sandbox.host.tap("Fetch")
        #expect(app.fetched.isEmpty)
    }
}
