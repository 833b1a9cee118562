import DeviceStore
import Platform

/// Photo-library authorization as the host decides it: statuses from the device's privacy
/// answers, the TCC crash for a missing usage description (IOS-FACTS §1), the permission prompt
/// (IOS-FACTS §8) and which assets a limited app may see (IOS-FACTS §5).
extension AppProcess {
    /// `PHPhotoLibrary.authorizationStatus(for:)` from the device's answers. Add-only access
    /// follows its own answer, else full or limited read-write access, which includes adding.
    func photoLibraryStatus(for accessLevel: PhotoLibraryAccessLevel) -> PhotoLibraryAuthorization {
        let privacy = host.device.privacy
        switch accessLevel {
        case .readWrite:
            return Self.status(privacy[.photos])
        case .addOnly:
            if let answer = privacy[.photosAdd] { return Self.status(answer).legacyStatus }
            let full = Self.status(privacy[.photos])
            return full == .authorized || full == .limited ? .authorized : .notDetermined
        }
    }

    /// `requestAuthorization(for:handler:)`: prompts when undecided (crashing first when the
    /// usage description is missing), then answers on the Photos authorization queue.
    func requestPhotoLibraryAuthorization(_ accessLevel: PhotoLibraryAccessLevel,
                                          handler: @escaping (PhotoLibraryAuthorization) throws -> Void) throws {
        guard photoLibraryStatus(for: accessLevel) == .notDetermined else {
            return enqueueAuthorizationAnswer(photoLibraryStatus(for: accessLevel), handler: handler)
        }
        try checkPhotoLibraryUsage(accessLevel)
        promptForPhotoLibrary(accessLevel) { [weak self] _ in
            guard let self else { return }
            self.enqueueAuthorizationAnswer(self.photoLibraryStatus(for: accessLevel), handler: handler)
        }
    }

    /// Whether a silent read (a fetch, an image request) may see the library now. Undecided, it
    /// crashes without the usage description, else shows the prompt and sees nothing yet.
    func checkSilentPhotoAccess() throws -> Bool {
        switch photoLibraryStatus(for: .readWrite) {
        case .authorized, .limited:
            return true
        case .notDetermined:
            try checkPhotoLibraryUsage(.readWrite)
            promptForPhotoLibrary(.readWrite, onAnswer: nil)
            return false
        case .denied, .restricted:
            return false
        }
    }

    /// Whether the app may see `localIdentifier`: every asset with full access, the selected
    /// ones with limited access, none otherwise.
    func canSeeAsset(_ localIdentifier: String) -> Bool {
        switch photoLibraryStatus(for: .readWrite) {
        case .authorized: return true
        case .limited: return host.device.limitedLibrarySelection.contains(localIdentifier)
        case .notDetermined, .denied, .restricted: return false
        }
    }

    /// The status a `PrivacyAuthorization` answer stands for (`PHAuthorizationStatus`).
    static func status(_ answer: PrivacyAuthorization?) -> PhotoLibraryAuthorization {
        switch answer {
        case .granted: return .authorized
        case .denied: return .denied
        case .limited: return .limited
        case .restricted: return .restricted
        case nil: return .notDetermined
        }
    }

    /// Missing usage description for `accessLevel` is the TCC abort naming the key (IOS-FACTS §1).
    private func checkPhotoLibraryUsage(_ accessLevel: PhotoLibraryAccessLevel) throws {
        let key = accessLevel.usageDescriptionKey
        guard host.device.usageDescription(key) != nil else {
            recordTermination(.missingUsageDescription(key))
            throw AppTermination.missingUsageDescription(key)
        }
    }

    /// The photos prompt (IOS-FACTS §8): iOS 17+ `Limit Access…` / `Allow Full Access` /
    /// `Don’t Allow`, iOS 14–16 `Select Photos…` / `Allow Access to All Photos` / `Don’t Allow`;
    /// add-only `“<App>” Would Like to Add to your Photos` with `Don’t Allow` / `Allow` (those
    /// buttons are UNVERIFIED). A request made while the same prompt is up waits for its answer.
    private func promptForPhotoLibrary(_ accessLevel: PhotoLibraryAccessLevel,
                                       onAnswer: ((PrivacyAuthorization) -> Void)?) {
        let service: PrivacyService = accessLevel == .addOnly ? .photosAdd : .photos
        if var current = prompt {
            if current.service == service, let onAnswer { current.answerHandlers.append(onAnswer) }
            prompt = current
            return
        }
        let name = host.device.displayName
        let title: String
        let buttons: [(label: String, answer: PrivacyAuthorization)]
        switch accessLevel {
        case .readWrite:
            title = "“\(name)” Would Like to Access Your Photos"
            let major = Int(host.device.systemVersion.split(separator: ".").first ?? "0") ?? 0
            buttons = major >= 17
                ? [("Limit Access…", .limited), ("Allow Full Access", .granted), ("Don’t Allow", .denied)]
                : [("Select Photos…", .limited), ("Allow Access to All Photos", .granted), ("Don’t Allow", .denied)]
        case .addOnly:
            title = "“\(name)” Would Like to Add to your Photos"
            buttons = [("Don’t Allow", .denied), ("Allow", .granted)]
        }
        prompt = SystemPrompt(title: title, message: host.device.usageDescription(accessLevel.usageDescriptionKey) ?? "",
                              buttons: buttons, service: service, answerHandlers: onAnswer.map { [$0] } ?? [])
        trace.record(.prompted(title: title))
    }

    /// Photos calls an authorization handler on its own serial queue, not the main queue
    /// (Apple's `requestAuthorization(for:handler:)` documentation).
    private func enqueueAuthorizationAnswer(_ status: PhotoLibraryAuthorization,
                                            handler: @escaping (PhotoLibraryAuthorization) throws -> Void) {
        guard isAlive else { return }
        let queue = host.workQueue(label: "com.apple.photos.authorization", concurrent: false)
        scheduler.async(on: queue, label: "photos authorization \(status)") { [weak self] in
            self?.call { try handler(status) }
        }
    }
}
