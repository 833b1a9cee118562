import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

@Suite("Runtime: LootLogger")
struct LootLoggerTests {
    /// Launches LootLogger, adds one item and opens it.
    static func openNewItem(_ sandbox: RuntimeSandbox, arguments: [String: String] = [:]) throws -> String {
        try sandbox.host.launch(arguments: arguments)
        try sandbox.host.tap("Add")
        try sandbox.host.tap("Item 1")
        return try #require(sandbox.host.visibleElements.first { $0.identifier == "name" }?.value)
    }

    /// The item key of the only item, from its cell's identifier.
    static func itemKey(_ sandbox: RuntimeSandbox) throws -> String {
        let cell = try #require(sandbox.host.visibleElements.first { $0.identifier?.hasPrefix("item-") == true })
        return String(try #require(cell.identifier).dropFirst("item-".count))
    }

    static func addItemWithLibraryPhoto(_ sandbox: RuntimeSandbox, arguments: [String: String] = [:]) throws {
        _ = try openNewItem(sandbox, arguments: arguments)
        try sandbox.host.tap("Camera")
        try sandbox.host.tap("Photo Library")
        try sandbox.host.pickPhoto(index: 0)
        try sandbox.host.back()
    }

    @Test(arguments: [
        ("iPhone 15", true, ["Camera", "Photo Library", "Cancel"], "actionSheet", "fullScreen"),
        ("iPad (10th generation)", true, ["Camera", "Photo Library", "Cancel"], "popover", "popover"),
        ("iPod touch (7th generation)", true, ["Camera", "Photo Library", "Cancel"], "actionSheet", "fullScreen"),
        ("iPhone 15", false, ["Photo Library", "Cancel"], "actionSheet", "fullScreen"),
    ])
    func theCameraButtonOffersCameraOnlyWithOneAndPresentsAsTheDeviceRequires(
        deviceType: String, hasCamera: Bool, actions: [String], sheetStyle: String, libraryStyle: String
    ) throws {
        let sandbox = try RuntimeSandbox(deviceType: deviceType, hasCamera: hasCamera, definition: LootLogger.definition)
        let host = sandbox.host
        #expect(try Self.openNewItem(sandbox) == "Item 1")
        try host.tap("Camera")
        let sheet = try #require(host.presented?.screen as? AlertScreen)
        #expect(sheet.preferredStyle == .actionSheet && sheet.alertTitle == nil && sheet.message == nil)
        #expect(sheet.orderedActions.map(\.title) == actions)
        #expect(host.presentedStyle == sheetStyle)
        try host.tap("Photo Library")
        let picker = try #require(host.presented?.screen as? ImagePickerController)
        #expect(picker.sourceType == .photoLibrary && !picker.allowsEditing)
        #expect(host.presentedStyle == libraryStyle)
    }

    @Test func aLibraryPickStoresTheOriginalUnderTheItemKeyAndShowsIt() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let host = sandbox.host
        _ = try Self.openNewItem(sandbox)
        try host.tap("Camera")
        try host.tap("Photo Library")
        try host.pickPhoto(index: 0)
        #expect(host.presentedStyle == "none")
        let photo = try #require(sandbox.element("photo")?.image)
        #expect(photo.bitmap.width == 80 && photo.bitmap.height == 60, "the original, not a crop")
        #expect(photo.widthPoints == 300 && photo.heightPoints == 225)
        try host.back()
        let key = try Self.itemKey(sandbox)
        let saved = try ImageDecoder().decode(try sandbox.fileSystem.contents(of: sandbox.containerPath("Documents/\(key)")))
        #expect(saved.width == 80 && saved.height == 60)
        #expect(host.trace.events.contains { if case .fileWritten("Documents/\(key)", _) = $0.event { true } else { false } })
    }

    @Test func theCameraAsksFirstThenOKThenTakesTheFullScreenPhoto() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let host = sandbox.host
        _ = try Self.openNewItem(sandbox)
        try host.tap("Camera")
        try host.tap("Camera")
        #expect(host.presentedStyle == "fullScreen")
        #expect(host.promptTitle == "“LootLogger” Would Like to Access the Camera")
        #expect(sandbox.element(LootLogger.cameraUsageDescription) != nil)
        try host.tap("OK")
        try host.takePhoto()
        #expect(sandbox.element("photo")?.image?.bitmap.width == 64, "the whole 64x48 camera photo")
    }

    @Test func theCameraWithoutItsUsageDescriptionIsTheTCCCrash() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition, infoPlist: { $0["NSCameraUsageDescription"] = nil })
        let host = sandbox.host
        _ = try Self.openNewItem(sandbox)
        try host.tap("Camera")
        try host.tap("Camera")
        #expect(host.state == .crashed(.missingUsageDescription(.camera)))
        #expect(host.trace.events.last { $0.event.kind == .appCrashed }?.event == .appCrashed(app: "LootLogger",
            reason: "TCC, This app has crashed because it attempted to access privacy-sensitive data without a usage "
                + "description.  The app's Info.plist must contain an NSCameraUsageDescription key with a string value "
                + "explaining to the user how the app uses this data."))
    }

    @Test func photoLibrarySourceCanBeTheSavedPhotosAlbum() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        _ = try Self.openNewItem(sandbox, arguments: ["librarySource": "savedPhotosAlbum"])
        try sandbox.host.tap("Camera")
        try sandbox.host.tap("Photo Library")
        #expect((sandbox.host.presented?.screen as? ImagePickerController)?.sourceType == .savedPhotosAlbum)
        try sandbox.host.pickPhoto(index: -1)
        #expect(sandbox.element("photo")?.image?.bitmap.width == 88)
    }

    @Test(arguments: [([String: String](), true), (["flushOnMemoryWarning": "false"], false)])
    func aMemoryWarningEmptiesTheImageCacheUnlessToldNotTo(arguments: [String: String], flushes: Bool) throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let host = sandbox.host
        try Self.addItemWithLibraryPhoto(sandbox, arguments: arguments)
        let meter = try #require(host.process?.meter)
        let cached = meter.bytes(in: .decodedBitmap)
        #expect(cached >= 80 * 60 * 3, "the picked photo stays decoded in the cache")
        try host.simulateMemoryWarning()
        #expect(meter.bytes(in: .decodedBitmap) == (flushes ? cached - 80 * 60 * 3 : cached))
        try host.tap("Item 1")
        #expect(sandbox.element("photo")?.image?.bitmap.width == 80, "decoded again from its file")
    }

    @Test func deletingAnItemRemovesItsPhotoFile() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        try Self.addItemWithLibraryPhoto(sandbox)
        let key = try Self.itemKey(sandbox)
        #expect(sandbox.fileExists("Documents/\(key)"))
        try sandbox.host.swipe(from: "Item 1")
        try sandbox.host.tap("Delete")
        #expect(sandbox.element("Item 1") == nil)
        #expect(!sandbox.fileExists("Documents/\(key)"))
        #expect(sandbox.host.trace.events.contains { $0.event == .fileRemoved(path: "Documents/\(key)") })
    }

    @Test func itemsArchivedOnEnteringTheBackgroundComeBackAfterAKill() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let host = sandbox.host
        try Self.addItemWithLibraryPhoto(sandbox)
        try host.tap("Add")
        let before = host.visibleElements.filter { $0.kind == .cell }.map { [$0.label, $0.identifier, $0.value] }
        try host.pressHome()
        #expect(sandbox.fileExists(LootLogger.itemsArchivePath))
        try host.kill()
        try host.launch()
        #expect(host.visibleElements.filter { $0.kind == .cell }.map { [$0.label, $0.identifier, $0.value] } == before)
        try host.tap("Item 1")
        #expect(sandbox.element("photo")?.image?.bitmap.width == 80)
    }

    @Test func aKillInTheForegroundLosesItemsAddedSinceTheLastArchiveAsInTheSeed() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let host = sandbox.host
        try host.launch()
        try host.tap("Add")
        try host.kill()
        try host.launch()
        #expect(sandbox.element("Item 1") == nil)
    }

    @Test func anUnreadableArchiveIsReportedAndNeverOverwritten() throws {
        let sandbox = try RuntimeSandbox(definition: LootLogger.definition)
        let archive = sandbox.containerPath(LootLogger.itemsArchivePath)
        try sandbox.fileSystem.createDirectory(at: sandbox.containerPath("Documents"))
        try sandbox.fileSystem.writeAtomically(Data("not a plist".utf8), to: archive)
        let host = sandbox.host
        try host.launch()
        let message = try #require(sandbox.element("error")?.label)
        #expect(message.contains(archive) && message.contains("could not be read"))
        try host.tap("Add")
        try host.pressHome()
        #expect(try sandbox.fileSystem.contents(of: archive) == Data("not a plist".utf8))
    }
}
