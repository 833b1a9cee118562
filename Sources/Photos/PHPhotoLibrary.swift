// `import Photos` brings Foundation with it, and the CoreLocation and ImageIO types its API
// speaks in (`CLLocation`, `CGImagePropertyOrientation`), as Apple's Photos does.
@_exported import CoreLocation
@_exported import Foundation
@_exported import ImageIO
import AppChannel
import UIKit

/// Apple: `PHAuthorizationStatus` (PHPhotoLibrary.h: notDetermined 0, restricted 1, denied 2,
/// authorized 3, limited 4; IOS-FACTS §5).
public enum PHAuthorizationStatus: Int, Sendable {
    case notDetermined = 0, restricted = 1, denied = 2, authorized = 3, limited = 4
}

/// Apple: `PHAccessLevel` (addOnly 1, readWrite 2; IOS-FACTS §5).
public enum PHAccessLevel: Int, Sendable {
    case addOnly = 1, readWrite = 2
}

/// The device's photo library (Apple: Photos › PHPhotoLibrary): the app's access to it, asked
/// with the system's prompt. The assets are the device's (`simctl addmedia`, a scenario's
/// `media`): the simulator answers the app's questions about them during a step.
open class PHPhotoLibrary: NSObject {
    nonisolated(unsafe) private static let sharedLibrary = PHPhotoLibrary()

    /// The library of the device the app runs on.
    open class func shared() -> PHPhotoLibrary { sharedLibrary }

    /// The app's access at `accessLevel`. Add-only access follows its own answer, else full or
    /// limited read-write access, which includes adding.
    open class func authorizationStatus(for accessLevel: PHAccessLevel) -> PHAuthorizationStatus {
        switch accessLevel {
        case .readWrite:
            return status(DeviceAnswers.photosAccess)
        case .addOnly:
            if let answer = DeviceAnswers.photosAddAccess { return legacy(status(answer)) }
            let full = status(DeviceAnswers.photosAccess)
            return full == .authorized || full == .limited ? .authorized : .notDetermined
        }
    }

    /// The legacy status: `.authorized` when the user chose limited access (IOS-FACTS §5).
    open class func authorizationStatus() -> PHAuthorizationStatus {
        legacy(authorizationStatus(for: .readWrite))
    }

    /// Asks for access when the user has not decided (the prompt; without the Info.plist's usage
    /// description the app ends as iOS's privacy check ends it), else answers at once; the handler
    /// runs on Photos' background queue, not the main thread, as Apple documents.
    open class func requestAuthorization(for accessLevel: PHAccessLevel, handler: @escaping (PHAuthorizationStatus) -> Void) {
        guard authorizationStatus(for: accessLevel) == .notDetermined else {
            let status = authorizationStatus(for: accessLevel)
            SDKWork.async { handler(status) }
            return
        }
        ask(accessLevel, then: { SDKWork.async { handler(authorizationStatus(for: accessLevel)) } })
    }

    /// The legacy request, for read-write access, answered with the legacy status.
    open class func requestAuthorization(_ handler: @escaping (PHAuthorizationStatus) -> Void) {
        requestAuthorization(for: .readWrite) { handler(legacy($0)) }
    }

    /// Whether a fetch or an image request may read the library now; an undecided app is asked
    /// (and sees nothing yet), as iOS asks on first access.
    static func mayRead() -> Bool {
        switch authorizationStatus(for: .readWrite) {
        case .authorized, .limited: return true
        case .notDetermined:
            ask(.readWrite, then: nil)
            return false
        case .denied, .restricted: return false
        }
    }

    /// Whether the app may read the library now, without asking.
    static func mayReadWithoutAsking() -> Bool {
        [.authorized, .limited].contains(authorizationStatus(for: .readWrite))
    }

    /// The library's assets the app may see (all, or the limited selection), oldest first.
    static func visibleAssets() -> [LibraryAsset] {
        guard case .assets(let described) = DeviceAnswers.ask(.assets) else { return [] }
        return described
    }

    // MARK: Observers

    /// `observer` is told of each change of the library from now on, until it is unregistered
    /// or freed: the library holds it weakly, so `unregisterChangeObserver(_:)` in `deinit` works.
    open func register(_ observer: PHPhotoLibraryChangeObserver) {
        ChangeObservers.register(observer)
    }

    open func unregisterChangeObserver(_ observer: PHPhotoLibraryChangeObserver) {
        ChangeObservers.unregister(observer)
    }

    // MARK: Changes

    /// Runs `changeBlock`, then carries out the change requests it made (photos created with
    /// `PHAssetChangeRequest` or `PHAssetCreationRequest`) all or none, then calls
    /// `completionHandler`; both on Photos' background queue ("an arbitrary serial queue",
    /// Apple's documentation), never the main thread. Adding needs add-only or read-write
    /// access: an undecided app is asked with the add-only prompt first (and ends without
    /// `NSPhotoLibraryAddUsageDescription`, as iOS ends it); a denied one gets `false` and a
    /// `PHPhotosErrorDomain` error 3311 (3310 when restricted). After a change that added photos,
    /// the change observers are told.
    open func performChanges(_ changeBlock: @escaping () -> Void, completionHandler: (@Sendable (Bool, (any Error)?) -> Void)? = nil) {
        nonisolated(unsafe) let block = changeBlock
        let run = { ChangeSession.perform(block, completion: completionHandler) }
        if Self.authorizationStatus(for: .addOnly) == .notDetermined {
            Self.ask(.addOnly, then: { SDKWork.async(run) })
        } else {
            SDKWork.async(run)
        }
    }

    /// The same at once, on the calling thread, throwing the error. Apple blocks until an
    /// undecided user answers the prompt; here no prompt can be answered while the app waits,
    /// so an undecided app gets error 3311 at once (docs/photos.md).
    open func performChangesAndWait(_ changeBlock: @escaping () -> Void) throws {
        var failure: (any Error)?
        ChangeSession.perform(changeBlock) { _, error in failure = error }
        if let failure { throw failure }
    }

    /// The same as `performChanges(_:completionHandler:)`, awaited.
    open func performChanges(_ changeBlock: @escaping @Sendable () -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            performChanges(changeBlock) { _, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    /// `PHPhotosErrorDomain` errors (PHError.h codes) with what happened in words.
    static func error(_ code: Int, _ text: String) -> NSError {
        NSError(domain: PHPhotosErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: text])
    }

    /// The error for access that is not granted: restricted 3310, else denied 3311.
    static func accessError(_ status: PHAuthorizationStatus) -> NSError {
        status == .restricted ? error(3310, "Access to the photo library is restricted.")
            : error(3311, "The user has denied access to the photo library.")
    }

    private static func status(_ answer: String?) -> PHAuthorizationStatus {
        switch answer {
        case "granted": return .authorized
        case "denied": return .denied
        case "limited": return .limited
        case "restricted": return .restricted
        default: return .notDetermined
        }
    }

    private static func legacy(_ status: PHAuthorizationStatus) -> PHAuthorizationStatus { status == .limited ? .authorized : status }

    /// The usage description the access level needs (IOS-FACTS §1).
    private static func usageKey(_ accessLevel: PHAccessLevel) -> String {
        accessLevel == .addOnly ? "NSPhotoLibraryAddUsageDescription" : "NSPhotoLibraryUsageDescription"
    }

    /// Waiting answers of a prompt that is up.
    nonisolated(unsafe) private static var waiting: [() -> Void] = []

    /// The photos prompt (IOS-FACTS §8): iOS 17+ `Limit Access…` / `Allow Full Access` /
    /// `Don’t Allow`, iOS 14–16 `Select Photos…` / `Allow Access to All Photos` / `Don’t Allow`;
    /// add-only `“<App>” Would Like to Add to your Photos` with `Don’t Allow` / `Allow` (those
    /// buttons are UNVERIFIED). The answer is the device's: the simulator keeps it.
    static func ask(_ accessLevel: PHAccessLevel, then answered: (() -> Void)?) {
        let key = usageKey(accessLevel)
        guard let message = DeviceAnswers.infoString(key) else { DeviceAnswers.privacyCrash(missingKey: key) }
        if let answered { waiting.append(answered) }
        let name = SystemPrompt.appDisplayName
        let title: String
        let buttons: [(String, String)]
        switch accessLevel {
        case .readWrite:
            title = "“\(name)” Would Like to Access Your Photos"
            let major = Int(DeviceAnswers.systemVersion.split(separator: ".").first ?? "0") ?? 0
            buttons = major >= 17
                ? [("Limit Access…", "limited"), ("Allow Full Access", "granted"), ("Don’t Allow", "denied")]
                : [("Select Photos…", "limited"), ("Allow Access to All Photos", "granted"), ("Don’t Allow", "denied")]
        case .addOnly:
            title = "“\(name)” Would Like to Add to your Photos"
            buttons = [("Don’t Allow", "denied"), ("Allow", "granted")]
        }
        let service = accessLevel == .addOnly ? "photosAdd" : "photos"
        SystemPrompt.show(title: title, message: message, buttons: buttons.map { label, answer in
            SystemPrompt.Button(title: label) {
                if accessLevel == .addOnly { DeviceAnswers.photosAddAccess = answer } else { DeviceAnswers.photosAccess = answer }
                SDKEvents.record("privacy \(service) \(answer)")
                _ = DeviceAnswers.ask(.answered(service: service, answer: answer))
                let handlers = waiting
                waiting = []
                handlers.forEach { $0() }
            }
        })
    }
}
