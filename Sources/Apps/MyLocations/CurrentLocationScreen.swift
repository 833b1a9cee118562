import Core
import Platform

/// The Tag tab: where the device is, and "Tag Location".
final class CurrentLocationScreen: Screen {
    unowned let app: MyLocationsApp

    init(app: MyLocationsApp) {
        self.app = app
        super.init(environment: app.environment)
    }

    override var title: String { "Tag" }

    override var elements: [Element] {
        let location = environment.device.location
        return [
            Element(kind: .label, label: String(format: "%.8f", location.latitude), identifier: "latitude"),
            Element(kind: .label, label: String(format: "%.8f", location.longitude), identifier: "longitude"),
            Element(kind: .button, label: "Tag Location") { [unowned self] in
                try self.push(LocationDetailsScreen(app: self.app, editing: nil, coordinate: location))
            },
        ]
    }
}
