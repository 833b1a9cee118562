import Platform

/// The category list pushed from the details screen; a tap chooses and goes back.
final class CategoryPickerScreen: Screen {
    static let categories = ["No Category", "Apple Store", "Bar", "Bookstore", "Club", "Grocery Store",
                             "Historic Building", "House", "Icecream Vendor", "Landmark", "Park"]
    let selected: String
    let onChoose: (String) -> Void

    init(environment: AppEnvironment, selected: String, onChoose: @escaping (String) -> Void) {
        self.selected = selected
        self.onChoose = onChoose
        super.init(environment: environment)
    }

    override var title: String { "Choose Category" }

    override var elements: [Element] {
        Self.categories.map { name in
            var cell = Element(kind: .cell, label: name) { [unowned self] in
                self.onChoose(name)
                try self.popScreen()
            }
            cell.value = name == selected ? "✓" : nil
            return cell
        }
    }
}
