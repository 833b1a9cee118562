import AppChannel
import Foundation
@testable import PhotosUI
import Testing
@testable import UIKit
import UniformTypeIdentifiers

/// PhotosUI's picker and the item providers of its results, as PHPicker.h and IOS-FACTS §6 give
/// them: the configuration's defaults, asset identifiers only with a library, a HEIC photo
/// offered as HEIC then JPEG and handed over as JPEG outside the current mode, loads on a
/// background queue, the Simulator's load error, and the limits the picker keeps.
@Suite(.serialized) struct PhotosUITests {
    final class Recorder: PHPickerViewControllerDelegate {
        var results: [[PHPickerResult]] = []
        func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult]) { self.results.append(results) }
    }

    static func fixture(_ name: String) throws -> Data { try UIImageTests.fixture(name) }

    /// Runs the SDK's background work a step would wait for, and the main queue it hands to.
    private func settle() {
        while SDKWork.drain() {}
    }

    @Test func theConfigurationHasApplesDefaultsAndRawValues() {
        let configuration = PHPickerConfiguration()
        #expect(configuration.selectionLimit == 1)
        #expect(configuration.filter == nil)
        #expect(configuration.preferredAssetRepresentationMode == .automatic)
        #expect(configuration.selection == .default)
        #expect(PHPickerConfiguration.AssetRepresentationMode.compatible.rawValue == 2)
        #expect(PHPickerConfiguration.Selection.continuousAndOrdered.rawValue == 3)
        #expect(PHAuthorizationStatus.limited.rawValue == 4 && PHAccessLevel.readWrite.rawValue == 2)
        #expect(PHPickerFilter.any(of: [.videos, .images]) != PHPickerFilter.images)
    }

    @Test func resultsCarryAssetIdentifiersOnlyWhenThePickerWasMadeWithALibrary() throws {
        let jpeg = try Self.fixture("tiny_exif_gps.jpg")
        let item = PickedItem(data: jpeg, fileName: "IMG_0001.JPG", localIdentifier: "A1B2/L0/001")
        for (configuration, expected) in [(PHPickerConfiguration(), nil), (PHPickerConfiguration(photoLibrary: .shared()), "A1B2/L0/001")] {
            let picker = PHPickerViewController(configuration: configuration)
            let recorder = Recorder()
            picker.delegate = recorder
            #expect(picker.pick([item]) == nil)
            #expect(recorder.results.count == 1)
            #expect(recorder.results[0].map(\.assetIdentifier) == [expected])
            #expect(recorder.results[0][0].itemProvider.registeredTypeIdentifiers == ["public.jpeg"])
        }
    }

    @Test func theLimitAndTheFilterAreKept() throws {
        let jpeg = try Self.fixture("tiny_exif_gps.jpg")
        let item = PickedItem(data: jpeg, fileName: "IMG_0001.JPG", localIdentifier: "x")
        var two = PHPickerConfiguration()
        two.selectionLimit = 2
        #expect(PHPickerViewController(configuration: two).pick([item, item, item]) == "the picker takes at most 2 photos, not 3")
        var unlimited = PHPickerConfiguration()
        unlimited.selectionLimit = 0
        #expect(PHPickerViewController(configuration: unlimited).pick([item, item, item]) == nil, "0 is the system's maximum")
        var videos = PHPickerConfiguration()
        videos.filter = .videos
        #expect(PHPickerViewController(configuration: videos).pick([item]) != nil)
        videos.filter = .not(.videos)
        #expect(PHPickerViewController(configuration: videos).pick([item]) == nil)
    }

    @Test func aHEICPhotoIsOfferedAsHEICThenJPEGAndLoadsOnABackgroundQueue() throws {
        let heic = try Self.fixture("photo_tiny.heic")
        for (mode, delivered) in [(PHPickerConfiguration.AssetRepresentationMode.automatic, "public.jpeg"), (.compatible, "public.jpeg"),
                                  (.current, "public.heic")] {
            var configuration = PHPickerConfiguration()
            configuration.preferredAssetRepresentationMode = mode
            let picker = PHPickerViewController(configuration: configuration)
            let recorder = Recorder()
            picker.delegate = recorder
            #expect(picker.pick([PickedItem(data: heic, fileName: "IMG_0001.HEIC", localIdentifier: "h")]) == nil)
            let provider = try #require(recorder.results.first?.first?.itemProvider)
            #expect(provider.registeredTypeIdentifiers == ["public.heic", "public.jpeg"])
            #expect(provider.canLoadObject(ofClass: UIImage.self))
            #expect(provider.hasItemConformingToTypeIdentifier(UTType.image.identifier))
            final class Box: @unchecked Sendable { var image: UIImage?; var onMain = true; var data: Data? }
            let box = Box()
            provider.loadObject(ofClass: UIImage.self) { object, _ in
                box.image = object as? UIImage
                box.onMain = Thread.isMainThread
            }
            provider.loadDataRepresentation(forTypeIdentifier: UTType.image.identifier) { data, _ in box.data = data }
            settle()
            #expect(box.image?.size == CGSize(width: 160, height: 120))
            #expect(!box.onMain, "the completion runs on a background queue")
            let start = [UInt8](box.data?.prefix(3) ?? Data())
            #expect((start == [0xFF, 0xD8, 0xFF]) == (delivered == "public.jpeg"), "\(mode): public.image loads as \(delivered)")
        }
    }

    @Test func aFailingPhotoLoadsWithTheSimulatorsError() throws {
        let picker = PHPickerViewController(configuration: PHPickerConfiguration())
        let recorder = Recorder()
        picker.delegate = recorder
        let item = PickedItem(data: try Self.fixture("tiny_exif_gps.jpg"), fileName: "IMG_0001.JPG", localIdentifier: "x", fails: true)
        #expect(picker.pick([item]) == nil)
        final class Box: @unchecked Sendable { var error: NSError? }
        let box = Box()
        try #require(recorder.results.first?.first).itemProvider.loadObject(ofClass: UIImage.self) { _, error in box.error = error as NSError? }
        settle()
        #expect(box.error?.domain == NSItemProviderErrorDomain)
        #expect(box.error?.code == -1000)
        #expect(box.error?.localizedDescription == "Cannot load representation of type public.jpeg")
    }

    @Test func aFileRepresentationIsATemporaryFileRemovedAfterTheHandler() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("PhotosUITests-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("beach.jpg")
        try Self.fixture("tiny_exif_gps.jpg").write(to: source)
        let provider = try #require(NSItemProvider(contentsOf: source))
        #expect(provider.registeredTypeIdentifiers == ["public.jpeg"] && provider.suggestedName == "beach")
        final class Box: @unchecked Sendable { var url: URL?; var existed = false }
        let box = Box()
        provider.loadFileRepresentation(forTypeIdentifier: UTType.jpeg.identifier) { url, _ in
            box.url = url
            box.existed = url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false
        }
        settle()
        #expect(box.existed && box.url?.lastPathComponent == "beach.jpeg")
        #expect(box.url.map { !FileManager.default.fileExists(atPath: $0.path) } == true)
        #expect(NSItemProvider(contentsOf: folder.appendingPathComponent("absent.jpg")) == nil)
    }

    @Test func uniformTypesConformAsApplesDo() {
        #expect(UTType.jpeg.conforms(to: .image) && UTType.heic.conforms(to: .image) && UTType.image.conforms(to: .data))
        #expect(!UTType.image.conforms(to: .jpeg))
        #expect(UTType(filenameExtension: "JPG") == .jpeg && UTType(filenameExtension: "heic") == .heic)
        #expect(UTType("public.png") == .png && UTType("com.example.unknown") == nil)
        #expect(UTType.quickTimeMovie.conforms(to: .movie) && !UTType.movie.conforms(to: .image))
        #expect(UTType.jpeg.preferredMIMEType == "image/jpeg")
    }
}
