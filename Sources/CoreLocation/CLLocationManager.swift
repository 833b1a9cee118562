import AppChannel
import UIKit

/// What the user allowed the app (Apple: `CLAuthorizationStatus`; CLLocationManager.h raw
/// values: notDetermined 0, restricted 1, denied 2, authorizedAlways 3, authorizedWhenInUse 4).
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4

    /// iOS 7's name for always (Apple: `kCLAuthorizationStatusAuthorized`, deprecated).
    @available(*, deprecated, renamed: "authorizedAlways")
    public static var authorized: CLAuthorizationStatus { .authorizedAlways }
}

/// What the app's location updates are for (Apple: `CLActivityType`, CLLocationManager.h: other
/// 1, automotiveNavigation 2, fitness 3, otherNavigation 4, airborne 5). Kept and not used: the
/// device's location is where the scenario puts it.
public enum CLActivityType: Int, Sendable {
    case other = 1
    case automotiveNavigation = 2
    case fitness = 3
    case otherNavigation = 4
    case airborne = 5
}

/// Whether locations are precise (Apple: `CLAccuracyAuthorization`: fullAccuracy 0,
/// reducedAccuracy 1). The device always gives full accuracy here.
public enum CLAccuracyAuthorization: Int, Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// Apple: `kCLLocationAccuracyBestForNavigation` (-2), `…Best` (-1), `…NearestTenMeters` (10),
/// `…HundredMeters` (100), `…Kilometer` (1000), `…ThreeKilometers` (3000).
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
/// Apple: `kCLDistanceFilterNone` (-1): every move is reported.
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// Core Location's errors (Apple: `CLError`, domain `kCLErrorDomain`, with CLError.h's codes).
/// A manager here fails only with `locationUnknown` (no location set) and `denied`.
public struct CLError: Error, CustomNSError, Equatable, Sendable {
    public enum Code: Int, Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case headingFailure = 3
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
    }

    public let code: Code
    public init(_ code: Code) { self.code = code }

    public static var errorDomain: String { kCLErrorDomain }
    public var errorCode: Int { code.rawValue }

    public static let locationUnknown = Code.locationUnknown
    public static let denied = Code.denied
    public static let network = Code.network
}

/// Apple: `kCLErrorDomain`.
public let kCLErrorDomain = "kCLErrorDomain"

/// What a location manager tells its delegate (Apple: `CLLocationManagerDelegate`). Every
/// method is optional, as in Objective-C: the extension gives each one its default, nothing.
public protocol CLLocationManagerDelegate: AnyObject {
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    /// Deprecated in iOS 14 for ``locationManagerDidChangeAuthorization(_:)``; still called.
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

/// Where the device is, and the user's answer about it (Apple: Core Location ›
/// CLLocationManager), over the simulated device's location (`simctl location set`, a
/// scenario's `setLocation` and `travel`).
///
/// As Apple documents it:
/// - a new manager tells its delegate the authorization (`locationManagerDidChangeAuthorization(_:)`
///   and the deprecated `locationManager(_:didChangeAuthorization:)`), and so does every change;
/// - `requestWhenInUseAuthorization()` (and `requestAlwaysAuthorization()`, which asks the same
///   first question) shows the system's prompt once, while undecided: `Allow “<App>” to use your
///   location?`, the Info.plist's `NSLocationWhenInUseUsageDescription` as its message, and the
///   buttons `Allow Once`, `Allow While Using App` and `Don’t Allow` (iOS 14 and later). Without
///   that key there is no prompt: the request is ignored and the console says why, as iOS does;
///   `Allow Once` holds until the app ends;
/// - `startUpdatingLocation()` reports the device's location once authorized, then each move
///   (`distanceFilter` metres at least); `requestLocation()` reports one; while denied both fail
///   with `CLError.denied`; while undecided they wait for the answer.
///
/// Delegate calls come on the main queue: make managers there, as Apple asks of a manager's
/// thread (it needs a run loop). The accuracy is 5 m, the altitude 0 (unknown vertically: -1),
/// and the timestamp the world's clock.
open class CLLocationManager: NSObject {
    open weak var delegate: CLLocationManagerDelegate?
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    open var activityType = CLActivityType.other
    open var pausesLocationUpdatesAutomatically = true
    open var allowsBackgroundLocationUpdates = false
    open var showsBackgroundLocationIndicator = false
    /// The last location this manager reported, nil before the first.
    open private(set) var location: CLLocation?

    private var updating = false
    private var wantsOneLocation = false

    /// A manager; its delegate, set before the main queue next runs, hears the authorization.
    public override init() {
        super.init()
        LocationServices.add(self)
        onMainQueue { $0.tellAuthorization() }
    }

    /// The app's authorization (iOS 14's instance property).
    open var authorizationStatus: CLAuthorizationStatus { LocationServices.status }

    /// The app's authorization (deprecated in iOS 14 for the instance property).
    open class func authorizationStatus() -> CLAuthorizationStatus { LocationServices.status }

    /// Whether the device's location services are on: they are.
    open class func locationServicesEnabled() -> Bool { true }

    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }

    open func requestWhenInUseAuthorization() { LocationServices.askIfUndecided() }

    /// Asks the same first question as ``requestWhenInUseAuthorization()``, and needs
    /// `NSLocationAlwaysAndWhenInUseUsageDescription` beside the when-in-use key, as iOS does; a
    /// later upgrade to always is not modelled (docs/photos.md).
    open func requestAlwaysAuthorization() { LocationServices.askIfUndecided(needing: LocationServices.alwaysUsageKey) }

    open func startUpdatingLocation() {
        updating = true
        SDKEvents.record("startUpdatingLocation()")
        onMainQueue { $0.report() }
    }

    open func stopUpdatingLocation() {
        updating = false
        SDKEvents.record("stopUpdatingLocation()")
    }

    open func requestLocation() {
        wantsOneLocation = true
        SDKEvents.record("requestLocation()")
        onMainQueue { $0.report() }
    }

    /// Runs `work` on the main queue later, if the manager still exists then.
    private func onMainQueue(_ work: @escaping (CLLocationManager) -> Void) {
        final class Handle: @unchecked Sendable {
            weak var manager: CLLocationManager?
            let work: (CLLocationManager) -> Void
            init(_ manager: CLLocationManager, _ work: @escaping (CLLocationManager) -> Void) { self.manager = manager; self.work = work }
        }
        let handle = Handle(self, work)
        DispatchQueue.main.async { if let manager = handle.manager { handle.work(manager) } }
    }

    // MARK: What the system tells the manager

    func tellAuthorization() {
        guard let delegate else { return }
        let status = authorizationStatus
        delegate.locationManagerDidChangeAuthorization(self)
        delegate.locationManager(self, didChangeAuthorization: status)
    }

    /// Tells the delegate where the device is, if it wants to know and may; or why it may not.
    func report(moved: Bool = false) {
        guard updating || wantsOneLocation else { return }
        // A move tells an authorized manager where it is; a denied one was told once already.
        if moved, ![.authorizedAlways, .authorizedWhenInUse].contains(authorizationStatus) { return }
        switch authorizationStatus {
        case .notDetermined:
            return
        case .denied, .restricted:
            wantsOneLocation = false
            SDKEvents.record("locationManager(_:didFailWithError:) kCLErrorDomain 1")
            delegate?.locationManager(self, didFailWithError: CLError(.denied))
            return
        case .authorizedAlways, .authorizedWhenInUse:
            break
        }
        guard let coordinate = DeviceAnswers.location else {
            wantsOneLocation = false
            delegate?.locationManager(self, didFailWithError: CLError(.locationUnknown))
            return
        }
        let now = CLLocation(coordinate: CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude),
                             altitude: 0, horizontalAccuracy: 5, verticalAccuracy: -1, timestamp: Date())
        if moved, !wantsOneLocation, let last = location, distanceFilter > 0, now.distance(from: last) < distanceFilter { return }
        wantsOneLocation = false
        location = now
        SDKEvents.record(String(format: "locationManager(_:didUpdateLocations:) %.6f, %.6f", coordinate.latitude, coordinate.longitude))
        delegate?.locationManager(self, didUpdateLocations: [now])
    }
}

/// The app's side of the device's location services: its answer, the prompt, and its managers.
enum LocationServices {
    private struct WeakManager { weak var manager: CLLocationManager? }
    /// The managers made so far, held weakly.
    nonisolated(unsafe) private static var made: [WeakManager] = []
    /// `Allow Once` lasts until the app ends.
    nonisolated(unsafe) private static var allowedOnce = false

    /// The live managers, oldest first.
    static var managers: [CLLocationManager] { made.compactMap(\.manager) }

    /// Keeps `manager` to tell it of answers and moves.
    static func add(_ manager: CLLocationManager) {
        made.removeAll { $0.manager == nil }
        made.append(WeakManager(manager: manager))
        if DeviceAnswers.locationDidChange == nil {
            DeviceAnswers.locationDidChange = { for manager in managers { manager.report(moved: true) } }
        }
        if DeviceAnswers.locationAccessDidChange == nil {
            // A change in Settings is told to every manager, as the user's answer is.
            DeviceAnswers.locationAccessDidChange = { tellEveryManager() }
        }
    }

    static var status: CLAuthorizationStatus {
        if allowedOnce { return .authorizedWhenInUse }
        switch DeviceAnswers.locationAccess {
        case "whenInUse": return .authorizedWhenInUse
        case "always": return .authorizedAlways
        case "denied": return .denied
        default: return .notDetermined
        }
    }

    /// The key the first question needs (Apple: "Requesting authorization to use location services").
    static let usageKey = "NSLocationWhenInUseUsageDescription"
    /// The key a request for always needs beside it.
    static let alwaysUsageKey = "NSLocationAlwaysAndWhenInUseUsageDescription"

    static func askIfUndecided(needing extraKey: String? = nil) {
        guard status == .notDetermined else { return }
        for key in [usageKey] + (extraKey.map { [$0] } ?? []) where DeviceAnswers.infoString(key) == nil {
            // iOS logs this and asks nothing; the app goes on undecided.
            SDKEvents.record("This app has attempted to access privacy-sensitive data without a usage description. The app's "
                + "Info.plist must contain an “\(key)” key with a string value explaining to the user how the app uses this data")
            return
        }
        let message = DeviceAnswers.infoString(usageKey) ?? ""
        let title = "Allow “\(SystemPrompt.appDisplayName)” to use your location?"
        SystemPrompt.show(title: title, message: message, buttons: [
            SystemPrompt.Button(title: "Allow Once") { answer(nil, once: true) },
            SystemPrompt.Button(title: "Allow While Using App") { answer("whenInUse") },
            SystemPrompt.Button(title: "Don’t Allow") { answer("denied") },
        ])
    }

    /// The user's answer: kept by the device (not `Allow Once`), then told to every manager.
    private static func answer(_ access: String?, once: Bool = false) {
        if once {
            allowedOnce = true
            SDKEvents.record("privacy location allowed once")
        } else if let access {
            DeviceAnswers.locationAccess = access
            SDKEvents.record("privacy location \(access)")
            _ = DeviceAnswers.ask(.answered(service: "location", answer: access))
        }
        tellEveryManager()
    }

    /// Tells every manager the authorization, and where the device is if it may know.
    private static func tellEveryManager() {
        for manager in managers {
            manager.tellAuthorization()
            manager.report()
        }
    }
}

extension CLLocation {
    /// The distance to `location` in metres along the Earth's surface (a sphere of 6,371 km:
    /// the haversine formula), as Apple's `distance(from:)` measures it to within its accuracy.
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radians = Double.pi / 180
        let (lat1, lat2) = (coordinate.latitude * radians, location.coordinate.latitude * radians)
        let dLat = lat2 - lat1, dLon = (location.coordinate.longitude - coordinate.longitude) * radians
        let a = min(1, max(0, sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)))
        return 2 * 6_371_000 * atan2(sqrt(a), sqrt(1 - a))
    }
}
