import Apps
import Core
import Foundation
import Platform
import Simulator
import Testing

@Suite("Runtime: MyLocations add-photo flow")
struct MyLocationsFlowTests {
    /// How many times the app wrote the file at `path` (relative to its container).
    static func writes(of path: String, in trace: Trace) -> Int {
        trace.events.count { if case .fileWritten(path, _) = $0.event { true } else { false } }
    }

    @Test func onAnIPhoneTheActionSheetOffersCameraAndLibraryAndThePickedPhotoIsSavedAtQuality50() throws {
        let sandbox = try RuntimeSandbox(deviceType: "iPhone 15")
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        #expect(host.topScreen?.title == "Tag Location")
        try host.tap("Add Photo")
        #expect(host.presentedStyle == "actionSheet")
        let sheet = try #require(host.presented?.screen as? AlertScreen)
        #expect(sheet.alertTitle == nil && sheet.message == nil)
        #expect(sheet.orderedActions.map(\.title) == ["Take Photo", "Choose From Library", "Cancel"])
        #expect(sheet.actions.first { $0.title == "Cancel" }?.style == .cancel)
        try host.tap("Choose From Library")
        #expect(host.presentedStyle == "pageSheet")
        let picker = try #require(host.presented?.screen as? ImagePickerController)
        #expect(picker.sourceType == .photoLibrary && picker.allowsEditing)
        try host.pickPhoto(index: 0)
        #expect(host.presentedStyle == "none")
        let photoRow = try #require(sandbox.element("photo"))
        #expect(photoRow.label == "" && photoRow.heightPoints == 260 && !photoRow.isSelected)
        #expect(photoRow.image?.bitmap.width == 60 && photoRow.image?.bitmap.height == 60)
        try host.tap("Done")
        #expect(host.topScreen?.title == "Tag")
        let jpeg = try sandbox.fileSystem.contents(of: sandbox.containerPath("Documents/Photo-1.jpg"))
        let saved = try ImageDecoder().decode(jpeg)
        #expect(saved.width == 60 && saved.height == 60)
        #expect(try sandbox.preference("PhotoID") == 1)
        #expect(host.trace.events.contains { $0.event == .fileWritten(path: "Documents/Photo-1.jpg", byteCount: jpeg.count) })
        let reencoded = try JPEGEncoder.encode(try #require(photoRow.image?.bitmap), quality: LocationPhotos.jpegQuality)
        #expect(reencoded == jpeg, "the file is the edited image at JPEG quality 50")
    }

    @Test func onACameraLessIPodTouchAddPhotoOpensTheLibraryDirectly() throws {
        let sandbox = try RuntimeSandbox(hasCamera: false)
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        let picker = try #require(host.presented?.screen as? ImagePickerController)
        #expect(picker.sourceType == .photoLibrary)
        try host.pickPhoto(index: -1)
        try host.tap("Done")
        #expect(sandbox.fileExists("Documents/Photo-1.jpg"))
    }

    @Test func aPickWithoutAnEditedImageLeavesThePhotoEmpty() throws {
        let sandbox = try RuntimeSandbox(hasCamera: false)
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        let picker = try #require(host.presented?.screen as? ImagePickerController)
        picker.allowsEditing = false
        try host.pickPhoto(index: 0)
        #expect(sandbox.element("photo")?.label == "Add Photo")
        #expect(sandbox.element("photo")?.image == nil)
        try host.tap("Done")
        #expect(!sandbox.fileExists("Documents/Photo-1.jpg"))
    }

    @Test func cancellingThePickerDismissesItAndKeepsAddPhoto() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Choose From Library")
        try host.cancelPicker()
        #expect(host.presentedStyle == "none")
        #expect(sandbox.element("photo")?.label == "Add Photo")
    }

    @Test func editingShowsTheExistingPhotoAndDoneDoesNotRewriteIt() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto()
        try host.tap("Locations")
        try host.tap("Beach")
        #expect(host.topScreen?.title == "Edit Location")
        #expect(sandbox.element("photo")?.image != nil && sandbox.element("photo")?.label == "")
        try host.tap("Done")
        #expect(Self.writes(of: "Documents/Photo-1.jpg", in: host.trace) == 1)
    }

    @Test func theListShowsA52PointThumbnailAndSwipeDeleteRemovesTheFile() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto()
        try host.tap("Tag Location")
        try host.tap("Done")
        try host.tap("Locations")
        let rows = host.visibleElements.filter { $0.kind == .cell }
        #expect(rows.map(\.label) == ["Beach", "(No Description)"])
        let thumbnail = try #require(rows[0].image)
        #expect(thumbnail.widthPoints == 52 && thumbnail.bitmap.width == 60, "fitted into 156 px, never enlarged")
        #expect(rows[1].image == nil, "a location without a photo shows the placeholder")
        try host.swipe(from: "Beach")
        try host.tap("Delete")
        #expect(!sandbox.fileExists("Documents/Photo-1.jpg"))
        #expect(host.visibleElements.filter { $0.kind == .cell }.map(\.label) == ["(No Description)"])
    }

    @Test func aspectFillThumbnailsWithThumbnailModeFill() throws {
        let sandbox = try RuntimeSandbox(hasCamera: false)
        let host = sandbox.host
        try host.launch(arguments: ["thumbnailMode": "fill"])
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        let picker = try #require(host.presented?.screen as? ImagePickerController)
        picker.allowsEditing = false
        try host.pickPhoto(index: 1)
        try host.tap("Done")
        try host.tap("Locations")
        #expect(host.visibleElements.first { $0.kind == .cell }?.image == nil, "no edited image, no photo")
    }

    @Test func relaunchKeepsPhotoIDsFromDisk() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto(description: "One")
        try host.kill()
        #expect(host.state == .killed)
        try host.launch()
        try sandbox.addLocationWithPhoto(description: "Two")
        #expect(sandbox.fileExists("Documents/Photo-1.jpg") && sandbox.fileExists("Documents/Photo-2.jpg"))
        #expect(try sandbox.preference("PhotoID") == 2)
        try host.tap("Locations")
        #expect(host.visibleElements.filter { $0.kind == .cell }.map(\.label) == ["One", "Two"])
    }

    @Test func photoIDDefaultZeroOverwritesPhoto0ForEveryLocation() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto(description: "One", arguments: ["photoIDDefault": "0"])
        try sandbox.addLocationWithPhoto(description: "Two")
        #expect(sandbox.fileExists("Documents/Photo-0.jpg"))
        #expect(!sandbox.fileExists("Documents/Photo-1.jpg"))
        #expect(try sandbox.preference("PhotoID") == nil)
        #expect(Self.writes(of: "Documents/Photo-0.jpg", in: host.trace) == 2)
    }

    @Test func aFailedPHPickerLoadShowsTheErrorAndSavesNoPhoto() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch(arguments: ["picker": "phpicker"])
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Choose From Library")
        #expect(host.presented?.screen is PhotoPickerController)
        try host.pickerResults(assets: [0], failing: [0])
        let error = try #require(sandbox.element("photoError"))
        #expect(error.label.contains("Cannot load representation of type public.jpeg"))
        #expect(error.label.contains("NSItemProviderErrorDomain -1000"))
        try host.tap("Done")
        #expect(!sandbox.fileExists("Documents/Photo-1.jpg"))
    }

    @Test func aSuccessfulPHPickerLoadShowsThePhotoAfterItsLatency() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try host.launch(arguments: ["picker": "phpicker"])
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Choose From Library")
        try host.pickerResults(assets: [1])
        #expect(sandbox.element("photo")?.image?.bitmap.width == 88)
        // The row is 260 pt wide and as tall as the 88x60 photo's aspect makes it: 260 × 60 / 88
        // (the seed's exercise for a photo that is not square).
        #expect(sandbox.element("photo")?.image?.widthPoints == 260)
        #expect(sandbox.element("photo")?.image?.heightPoints == 177)
        #expect(sandbox.element("photo")?.heightPoints == 177)
        #expect(host.trace.lines.contains { $0.contains("run MyLocations.com.apple.itemprovider: load") })
        try host.tap("Done")
        #expect(sandbox.fileExists("Documents/Photo-1.jpg"))
    }

    /// `UITableViewController.clearsSelectionOnViewWillAppear` (true by default): a location row
    /// tapped to edit it is selected while its details are pushed, and no longer when the list
    /// reappears after Cancel.
    @Test func theListClearsItsSelectionWhenItReappears() throws {
        let sandbox = try RuntimeSandbox()
        let host = sandbox.host
        try sandbox.addLocationWithPhoto(description: "Beach")
        try host.tap("Locations")
        try host.tap("Beach")
        #expect(host.topScreen?.title == "Edit Location")
        try host.tap("Cancel")
        #expect(host.topScreen?.title == "Locations")
        #expect(sandbox.element("Beach")?.isSelected == false)
    }

    @Test func tappingSomethingNotOnScreenNamesWhatIs() throws {
        let sandbox = try RuntimeSandbox()
        try sandbox.host.launch()
        #expect {
            try sandbox.host.tap("Add Photo")
        } throws: { error in
            let text = "\(error)"
            return text.contains("nothing labelled or identified “Add Photo”") && text.contains("button “Tag Location”")
                && text.contains("tab “Locations”")
        }
    }

    @Test func sameSeedSameInputsGiveTheSameTrace() throws {
        func run() throws -> (text: String, digest: String) {
            let sandbox = try RuntimeSandbox(seed: 42)
            try sandbox.addLocationWithPhoto()
            try sandbox.host.pressHome()
            try sandbox.host.simulateMemoryWarning()
            try sandbox.host.activate()
            try sandbox.host.tap("Locations")
            try sandbox.host.swipe(from: "Beach")
            try sandbox.host.tap("Delete")
            return (sandbox.host.trace.text, sandbox.host.trace.digest)
        }
        let first = try run()
        let second = try run()
        #expect(first.text == second.text)
        #expect(first.digest == second.digest)
        #expect(!first.text.contains("/tmp"), "paths are relative to the container")
    }

    @Test func runsTheInstalledAppOfADeviceSetDevice() throws {
        let sandbox = try RuntimeSandbox(photoCount: 0)
        let set = DeviceSet(path: sandbox.folder.appendingPathComponent("Devices"), fileSystem: sandbox.fileSystem,
                            clock: ManualClock(now: RuntimeDevice.epochDate), random: SplitMix64(seed: 3), apps: ReferenceApps.all)
        let phone = try set.create(name: "Phone", deviceType: "iPhone 15", runtime: nil)
        try set.boot(.udid(phone.udid))
        let world = World(seed: 5)
        let device = try RuntimeDevice.installed(in: set, device: "booted", definition: MyLocations.definition, world: world)
        let expected = try set.appContainer(.booted, bundleIdentifier: MyLocations.bundleIdentifier, kind: .data)
        #expect([device.containerPath] == expected)
        #expect(device.displayName == "MyLocations")
        let host = AppHost(definition: MyLocations.definition, device: device, world: world)
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Choose From Library")
        try host.pickPhoto(index: 0)
        try host.tap("Done")
        #expect(sandbox.fileSystem.fileExists(at: device.containerPath.appendingPathComponent("Documents/Photo-1.jpg")))
    }
}

/// PHPicker hands a HEIC photo over as JPEG unless the app asks for the current representation
/// (IOS-FACTS §6).
@Suite("Runtime: PHPicker and HEIC")
struct PhotoPickerHEICTests {
    static let heic = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SimulatorTests/Fixtures/photo_tiny.heic").path

    @Test func aHEICPhotoIsHandedOverAsJPEGInTheAutomaticMode() throws {
        let sandbox = try RuntimeSandbox(photoCount: 0)
        let heic = try Data(contentsOf: URL(fileURLWithPath: Self.heic))
        let added = try sandbox.device.mediaLibrary.add([MediaSource(path: "tiny.heic", data: heic)])
        #expect(added.first?.fileName.hasSuffix(".HEIC") == true)
        let host = sandbox.host
        try host.launch(arguments: ["picker": "phpicker"])
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Choose From Library")
        try host.pickerResults(assets: [0])
        #expect(host.trace.events.contains { $0.event == .itemProviderLoaded(file: added[0].fileName, typeIdentifier: "public.jpeg") })
        let shown = try #require(sandbox.element("photo")?.image?.bitmap)
        let original = try ImageDecoder().decode(heic)
        #expect(shown.width == original.width && shown.height == original.height)
        try host.tap("Done")
        #expect(sandbox.fileExists("Documents/Photo-1.jpg"))
    }

    @Test func aFailingHEICNamesTheJPEGRepresentationAsTheSimulatorDoes() throws {
        let sandbox = try RuntimeSandbox(photoCount: 0)
        let heic = try Data(contentsOf: URL(fileURLWithPath: Self.heic))
        _ = try sandbox.device.mediaLibrary.add([MediaSource(path: "tiny.heic", data: heic)])
        let host = sandbox.host
        try host.launch(arguments: ["picker": "phpicker"])
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Choose From Library")
        try host.pickerResults(assets: [0], failing: [0])
        #expect(host.visibleElements.contains { $0.label.contains("Cannot load representation of type public.jpeg") })
    }
}
