import Foundation

class ItemStore {
    var allItems = [Item]()
    let itemArchiveURL: URL = {
        let documentsDirectories = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)
        return documentsDirectories.first!.appendingPathComponent("items.plist")
    }()

    init() {
        do {
            let data = try Data(contentsOf: itemArchiveURL)
            allItems = try PropertyListDecoder().decode([Item].self, from: data)
        } catch {
            print("Error reading in saved items: \(error)")
        }
    }

    @discardableResult func createItem() -> Item {
        let newItem = Item(name: "Item \(allItems.count + 1)",
                           serialNumber: String(UUID().uuidString.prefix(5)),
                           valueInDollars: Int.random(in: 0..<100))
        allItems.append(newItem)
        return newItem
    }

    func removeItem(_ item: Item) {
        if let index = allItems.firstIndex(of: item) {
            allItems.remove(at: index)
        }
    }

    func moveItem(from fromIndex: Int, to toIndex: Int) {
        guard fromIndex != toIndex else { return }
        let movedItem = allItems[fromIndex]
        allItems.remove(at: fromIndex)
        allItems.insert(movedItem, at: toIndex)
    }

    func saveChanges() -> Bool {
        do {
            let encoder = PropertyListEncoder()
            let data = try encoder.encode(allItems)
            try FileManager.default.createDirectory(at: itemArchiveURL.deletingLastPathComponent(),
                                                    withIntermediateDirectories: true)
            try data.write(to: itemArchiveURL, options: [.atomic])
            return true
        } catch {
            print("Error encoding items: \(error)")
            return false
        }
    }
}
