import CoreLocation
import UIKit

/// Where the journal is written, as an app asks Core Location: it asks when in use, starts
/// updating, and shows the status and every location it is told.
final class LocationViewController: UIViewController, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private let statusLabel = UILabel()
    private let placeLabel = UILabel()
    private var updates = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Where"
        statusLabel.frame = CGRect(x: 20, y: 120, width: 300, height: 30)
        statusLabel.accessibilityIdentifier = "locationStatus"
        placeLabel.frame = CGRect(x: 20, y: 160, width: 340, height: 30)
        placeLabel.accessibilityIdentifier = "place"
        placeLabel.text = "Nowhere yet"
        view.addSubview(statusLabel)
        view.addSubview(placeLabel)
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        statusLabel.text = "Location status \(manager.authorizationStatus.rawValue)"
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let last = locations.last else { return }
        updates += 1
        placeLabel.text = String(format: "%.4f, %.4f (%d)", last.coordinate.latitude, last.coordinate.longitude, updates)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        let error = error as NSError
        placeLabel.text = "Failed: \(error.domain) \(error.code)"
    }
}
