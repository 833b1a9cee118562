import Core
import Platform

/// Tag Location / Edit Location: description, category, photo, Done and Cancel.
///
/// Picking a photo follows the seed: with a camera an action sheet offers "Take Photo" and
/// "Choose From Library" (no title or message), without one the library picker opens directly;
/// both pickers allow editing and the edited image is what is shown and saved. On
/// didEnterBackground the screen dismisses what it presents (without animation) and ends
/// editing; the observer captures the screen weakly unless `strongObserver` asks for the leak.
final class LocationDetailsScreen: Screen {
    /// The photo's width in the row, in points (the seed's 260).
    static let photoWidthPoints = 260.0

    /// The photo row's height for `image`: 260 points wide and as tall as its aspect ratio makes
    /// it (260 × height / width), the seed's exercise for a photo that is not square.
    static func photoHeightPoints(for image: Bitmap) -> Double {
        image.width > 0 ? (photoWidthPoints * Double(image.height) / Double(image.width)).rounded() : photoWidthPoints
    }

    unowned let app: MyLocationsApp
    let editing: Location?
    let coordinate: Coordinate
    var descriptionText: String
    var category: String
    /// A photo picked on this screen, saved on Done.
    var image: Bitmap?
    /// The location's existing photo, shown but never written again.
    var existingImage: Bitmap?
    /// Why the last PHPicker load failed.
    var photoError: String?
    var observation: NotificationObservation?

    init(app: MyLocationsApp, editing: Location?, coordinate: Coordinate) {
        self.app = app
        self.editing = editing
        self.coordinate = editing.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } ?? coordinate
        descriptionText = editing?.locationDescription ?? ""
        category = editing?.category ?? "No Category"
        super.init(environment: app.environment)
    }

    deinit {
        if let observation { environment.notificationCenter.removeObserver(observation) }
    }

    override var title: String { editing == nil ? "Tag Location" : "Edit Location" }

    override func viewDidLoad() throws {
        if let editing { existingImage = app.photo(of: editing) }
        listenForBackgroundNotification()
    }

    override var elements: [Element] {
        let shown = image ?? existingImage
        var rows = [
            Element(kind: .navigationButton, label: "Cancel", identifier: "cancel") { [unowned self] in try self.popScreen() },
            Element(kind: .navigationButton, label: "Done", identifier: "done") { [unowned self] in try self.done() },
            Element(kind: .textField, label: "Description", identifier: "description", value: descriptionText,
                    onTextChange: { [unowned self] text in self.descriptionText = text }),
            Element(kind: .cell, label: "Category", identifier: "category", value: category) { [unowned self] in
                try self.push(CategoryPickerScreen(environment: self.environment, selected: self.category) {
                    [weak self] chosen in self?.category = chosen
                })
            },
            Element(kind: .cell, label: shown == nil ? "Add Photo" : "", identifier: "photo",
                    image: shown.map { DisplayedImage(bitmap: $0, widthPoints: Self.photoWidthPoints, heightPoints: Self.photoHeightPoints(for: $0)) },
                    heightPoints: shown.map(Self.photoHeightPoints) ?? 44) { [unowned self] in
                self.deselect("photo")
                try self.pickPhoto()
            },
        ]
        if let photoError { rows.append(Element(kind: .label, label: photoError, identifier: "photoError")) }
        rows.append(Element(kind: .label, label: String(format: "%.8f, %.8f", coordinate.latitude, coordinate.longitude),
                            identifier: "coordinate"))
        return rows
    }

    // MARK: - Background

    private func listenForBackgroundNotification() {
        let center = environment.notificationCenter
        if app.options.strongObserver {
            observation = center.addObserver(forName: .didEnterBackground, registrant: self) { _ in
                try self.dismissForBackground()
            }
        } else {
            observation = center.addObserver(forName: .didEnterBackground, registrant: self) { [weak self] _ in
                try self?.dismissForBackground()
            }
        }
    }

    private func dismissForBackground() throws {
        if presentedScreen != nil { try dismiss(animated: false) }
        endEditing()
    }

    // MARK: - Saving

    private func done() throws {
        let details = LocationDetails(latitude: coordinate.latitude, longitude: coordinate.longitude,
                                      date: editing?.date ?? environment.clock.now,
                                      locationDescription: descriptionText, category: category)
        do {
            try app.save(details, editing: editing, pickedPhoto: image)
        } catch {
            let alert = AlertScreen(title: "Could Not Save", message: "\(error)", preferredStyle: .alert, environment: environment)
            alert.addAction(AlertAction(title: "OK", style: .cancel))
            return try present(alert)
        }
        try popScreen()
    }
}
