import CoreLocation
import UIKit

/// The Tag tab: where the device is, Get My Location and Tag Location.
class CurrentLocationViewController: UIViewController, CLLocationManagerDelegate {
    var dataModel: DataModel!
    let locationManager = CLLocationManager()
    var location: CLLocation?

    let latitudeLabel = UILabel()
    let longitudeLabel = UILabel()
    let messageLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.title = "Current Location"
        view.backgroundColor = .systemBackground
        let width = view.bounds.width - 40
        for (label, identifier, y) in [(messageLabel, "message", 120.0), (latitudeLabel, "latitude", 160.0),
                                       (longitudeLabel, "longitude", 200.0)] {
            label.frame = CGRect(x: 20, y: y, width: width, height: 24)
            label.accessibilityIdentifier = identifier
            view.addSubview(label)
        }
        let tagButton = UIButton(type: .system, primaryAction: UIAction(title: "Tag Location") { [weak self] _ in
            self?.tagLocation()
        })
        tagButton.frame = CGRect(x: 20, y: 260, width: width, height: 44)
        view.addSubview(tagButton)
        let getButton = UIButton(type: .system, primaryAction: UIAction(title: "Get My Location") { [weak self] _ in
            self?.getLocation()
        })
        getButton.frame = CGRect(x: 20, y: 320, width: width, height: 44)
        view.addSubview(getButton)

        locationManager.delegate = self
        locationManager.desiredAccuracy = kCLLocationAccuracyNearestTenMeters
        updateLabels()
    }

    func getLocation() {
        switch locationManager.authorizationStatus {
        case .notDetermined:
            locationManager.requestWhenInUseAuthorization()
        case .denied, .restricted:
            showLocationServicesDeniedAlert()
        default:
            locationManager.startUpdatingLocation()
        }
    }

    func tagLocation() {
        let controller = LocationDetailsViewController(style: .grouped)
        controller.dataModel = dataModel
        controller.coordinate = location?.coordinate ?? CLLocationCoordinate2D(latitude: 0, longitude: 0)
        navigationController?.pushViewController(controller, animated: true)
    }

    func showLocationServicesDeniedAlert() {
        let alert = UIAlertController(title: "Location Services Disabled",
                                      message: "Please enable location services for this app in Settings.",
                                      preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
        present(alert, animated: true, completion: nil)
    }

    func updateLabels() {
        if let location {
            latitudeLabel.text = String(format: "%.8f", location.coordinate.latitude)
            longitudeLabel.text = String(format: "%.8f", location.coordinate.longitude)
            messageLabel.text = ""
        } else {
            latitudeLabel.text = ""
            longitudeLabel.text = ""
            messageLabel.text = "Tap 'Get My Location' to Start"
        }
    }

    // MARK: - CLLocationManagerDelegate

    /// An app that was allowed before starts at once; one asked just now starts on the answer.
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse, .authorizedAlways: manager.startUpdatingLocation()
        default: break
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        location = locations.last
        updateLabels()
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) {
        messageLabel.text = "Error Getting Location"
    }
}
