import Core
import Platform

/// The Locations tab: every location with a 52x52 pt thumbnail (aspect-fit, or fill with
/// `thumbnailMode: fill`), tap to edit, swipe to delete (the photo file goes too).
///
/// Thumbnails are cached by file path; a memory warning empties the cache.
final class LocationsScreen: Screen {
    static let thumbnailPoints = 52

    unowned let app: MyLocationsApp
    private(set) var locations: [Location] = []
    private(set) var thumbnails: [String: Bitmap] = [:]
    private var loadError: String?

    init(app: MyLocationsApp) {
        self.app = app
        super.init(environment: app.environment)
    }

    override var title: String { "Locations" }

    override func viewWillAppear() throws {
        reload()
    }

    override func didReceiveMemoryWarning() throws {
        thumbnails.removeAll()
    }

    override var elements: [Element] {
        if let loadError { return [Element(kind: .label, label: loadError, identifier: "error")] }
        return locations.map { location in
            let thumbnail = self.thumbnail(for: location)
            return Element(kind: .cell, label: location.locationDescription.isEmpty ? "(No Description)" : location.locationDescription,
                           identifier: "location-\(location.id)", value: location.category,
                           image: thumbnail.map {
                               DisplayedImage(bitmap: $0, widthPoints: Double(Self.thumbnailPoints),
                                              heightPoints: Double(Self.thumbnailPoints))
                           },
                           onTap: { [unowned self] in
                               try self.push(LocationDetailsScreen(app: self.app, editing: location,
                                                                   coordinate: self.environment.device.location))
                           },
                           onDelete: { [unowned self] in try self.delete(location) })
        }
    }

    private func reload() {
        do {
            locations = try app.store.allLocations()
            loadError = nil
        } catch {
            loadError = "The locations could not be read: \(error)"
        }
    }

    /// The cached thumbnail, made on first use; nil (the placeholder) without a readable photo.
    private func thumbnail(for location: Location) -> Bitmap? {
        guard let path = app.photoPath(of: location) else { return nil }
        if let cached = thumbnails[path] { return cached }
        guard let data = try? environment.fileSystem.contents(of: path) else { return nil }
        let size = ThumbnailSize(points: Self.thumbnailPoints, scale: environment.device.screenScale)
        guard let bitmap = try? Thumbnailer(meter: environment.memoryMeter).thumbnail(of: data, size: size,
                                                                                       mode: app.options.thumbnailMode) else {
            return nil
        }
        thumbnails[path] = bitmap
        return bitmap
    }

    private func delete(_ location: Location) throws {
        do {
            try app.delete(location)
        } catch {
            let alert = AlertScreen(title: "Could Not Delete", message: "\(error)", preferredStyle: .alert, environment: environment)
            alert.addAction(AlertAction(title: "OK", style: .cancel))
            try present(alert)
        }
        if let path = app.photoPath(of: location) { thumbnails[path] = nil }
        reload()
    }
}
