import Core
import Platform

/// The app delegate: opens the item archive and the image store, shows the item list, and
/// archives the items when the app goes to the background.
final class LootLoggerApp: Application {
    let environment: AppEnvironment
    let options: LootLoggerOptions
    let itemStore: ItemStore
    let imageStore: ItemImageStore
    private weak var itemsScreen: ItemsScreen?

    init(environment: AppEnvironment) throws {
        self.environment = environment
        options = LootLoggerOptions(arguments: environment.launchArguments)
        itemStore = ItemStore(containerPath: environment.containerPath, fileSystem: environment.fileSystem)
        imageStore = ItemImageStore(environment: environment, flushesOnMemoryWarning: options.flushesOnMemoryWarning)
        environment.trackLifetime(imageStore, kind: "image store")
    }

    func didFinishLaunching() throws -> WindowContent {
        let screen = ItemsScreen(app: self)
        itemsScreen = screen
        return .navigation(root: screen)
    }

    func didEnterBackground() throws {
        do {
            try itemStore.saveChanges()
            itemsScreen?.saveError = nil
        } catch {
            itemsScreen?.saveError = error.description
        }
    }

    /// A new item with a seeded value and serial number, named after its place in the list.
    func makeItem() -> Item {
        let random = environment.random
        let serial = String(random.makeUUID().uuidString.prefix(5))
        return Item(name: "Item \(itemStore.items.count + 1)", valueInDollars: Int(random.next(below: 100)),
                    serialNumber: serial, dateCreated: environment.clock.now,
                    itemKey: random.makeUUID().uuidString)
    }

    /// Removes the item and its photo file.
    func delete(_ item: Item) throws(FileSystemError) {
        itemStore.remove(item)
        if let key = ImageKey(item.itemKey) { try imageStore.store.deleteImage(forKey: key) }
    }
}
