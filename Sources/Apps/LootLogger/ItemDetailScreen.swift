import Core
import Foundation
import Platform

/// One item: name, serial number and value fields, the date it was added, its photo, and the
/// camera button that chooses a new photo (see ``ItemDetailScreen+Photo``).
final class ItemDetailScreen: Screen {
    /// The photo's width on screen, in points; the height keeps the photo's aspect ratio.
    static let photoWidthPoints = 300.0

    unowned let app: LootLoggerApp
    let itemKey: String
    /// Why the last photo could not be stored.
    var photoError: String?

    init(app: LootLoggerApp, itemKey: String) {
        self.app = app
        self.itemKey = itemKey
        super.init(environment: app.environment)
    }

    var item: Item? { app.itemStore.item(withKey: itemKey) }

    override var title: String { item?.name ?? "" }

    override var elements: [Element] {
        guard let item else { return [] }
        var shown = [
            textField("Name", "name", item.name) { $0.name = $1 },
            textField("Serial", "serial", item.serialNumber ?? "") { $0.serialNumber = $1.isEmpty ? nil : $1 },
            textField("Value", "value", String(item.valueInDollars)) { $0.valueInDollars = Int($1) ?? 0 },
            Element(kind: .label, label: Self.dateText(item.dateCreated), identifier: "date"),
        ]
        if let photo = app.imageStore.image(for: item) {
            let height = Self.photoWidthPoints * Double(photo.height) / Double(max(photo.width, 1))
            shown.append(Element(kind: .image, label: "", identifier: "photo",
                                 image: DisplayedImage(bitmap: photo, widthPoints: Self.photoWidthPoints, heightPoints: height)))
        }
        if let photoError { shown.append(Element(kind: .label, label: photoError, identifier: "photoError")) }
        shown.append(Element(kind: .button, label: "Camera", identifier: "camera") { [unowned self] in
            try self.choosePhotoSource()
        })
        return shown
    }

    private func textField(_ label: String, _ identifier: String, _ value: String,
                           change: @escaping (inout Item, String) -> Void) -> Element {
        Element(kind: .textField, label: label, identifier: identifier, value: value,
                onTextChange: { [unowned self] text in
                    guard var item = self.item else { return }
                    change(&item, text)
                    self.app.itemStore.update(item)
                })
    }

    /// The date as the seed's medium date style shows it, in UTC so it reads the same everywhere.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter.string(from: date)
    }
}
