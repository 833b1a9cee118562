import Core
import Foundation

/// The items, archived as an XML property list in `Documents/items.plist`.
///
/// As in the seed, the archive is written when the app goes to the background (and so before a
/// graceful termination); a process killed in the foreground loses changes made since. An
/// archive that cannot be read is reported and never overwritten, so nothing on disk is lost.
final class ItemStore {
    private(set) var items: [Item] = []
    /// Why the archive could not be read at launch; while set, saving is refused.
    private(set) var loadError: ItemStoreError?
    let archivePath: String
    private let fileSystem: FileSystem

    init(containerPath: String, fileSystem: FileSystem) {
        archivePath = containerPath.appendingPathComponent(LootLogger.itemsArchivePath)
        self.fileSystem = fileSystem
        load()
    }

    /// Adds a new item at the end and returns it.
    @discardableResult
    func add(_ item: Item) -> Item {
        items.append(item)
        return item
    }

    /// Replaces the item with the same key.
    func update(_ item: Item) {
        guard let index = items.firstIndex(where: { $0.itemKey == item.itemKey }) else { return }
        items[index] = item
    }

    func remove(_ item: Item) {
        items.removeAll { $0.itemKey == item.itemKey }
    }

    func item(withKey key: String) -> Item? {
        items.first { $0.itemKey == key }
    }

    /// Writes the archive atomically.
    /// - Throws: ``ItemStoreError`` naming the file.
    func saveChanges() throws(ItemStoreError) {
        if let loadError { throw loadError }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        do {
            let data = try encoder.encode(items)
            try fileSystem.createDirectory(at: archivePath.deletingLastPathComponent)
            try fileSystem.writeAtomically(data, to: archivePath)
        } catch {
            throw .notSaved(path: archivePath, reason: "\(error)")
        }
    }

    private func load() {
        let data: Data
        do {
            data = try fileSystem.contents(of: archivePath)
        } catch .notFound {
            return
        } catch {
            loadError = .archiveUnreadable(path: archivePath, reason: "\(error)")
            return
        }
        do {
            items = try PropertyListDecoder().decode([Item].self, from: data)
        } catch {
            loadError = .archiveUnreadable(path: archivePath, reason: "not a list of items: \(error)")
        }
    }
}
