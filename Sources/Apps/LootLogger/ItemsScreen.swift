import Core
import Platform

/// The item list: "Add" makes an item; a row shows name and value, a tap opens its details, a
/// swipe deletes it and its photo.
final class ItemsScreen: Screen {
    unowned let app: LootLoggerApp
    /// Why the last archive on entering the background failed, shown until one succeeds.
    var saveError: String?

    init(app: LootLoggerApp) {
        self.app = app
        super.init(environment: app.environment)
    }

    override var title: String { "LootLogger" }

    override var elements: [Element] {
        var shown = [Element(kind: .navigationButton, label: "Add", identifier: "add") { [unowned self] in
            self.app.itemStore.add(self.app.makeItem())
        }]
        for message in [app.itemStore.loadError?.description, saveError].compactMap({ $0 }) {
            shown.append(Element(kind: .label, label: message, identifier: "error"))
        }
        for item in app.itemStore.items {
            shown.append(Element(kind: .cell, label: item.name, identifier: "item-\(item.itemKey)",
                                 value: "$\(item.valueInDollars)",
                                 onTap: { [unowned self] in try self.push(ItemDetailScreen(app: self.app, itemKey: item.itemKey)) },
                                 onDelete: { [unowned self] in try self.delete(item) }))
        }
        return shown
    }

    private func delete(_ item: Item) throws {
        do {
            try app.delete(item)
        } catch {
            let alert = AlertScreen(title: "Could Not Delete Photo", message: "\(error)", preferredStyle: .alert,
                                    environment: environment)
            alert.addAction(AlertAction(title: "OK", style: .cancel))
            try present(alert)
        }
    }
}
