import Apps
import Core
import Foundation
import Simulator
import PhotoSimTesting
import Testing

/// The bad image corpus (``BadImages``) through every entry point that reads a photo: Core's
/// decoder, probe and thumbnailer, the media library's import, the camera's injected photo, and
/// LootLogger's image store reading its file. Each gives the outcome the corpus names, with an
/// error that names the file where there is a file.
@Suite struct BadImageTests {
    @Test(arguments: BadImages.all)
    func theDecoderGivesTheOutcome(_ input: BadImage) {
        switch (input.outcome, Result { () throws(ImageError) in try ImageDecoder().decode(input.data) }) {
        case (.decodes(let width, let height), .success(let bitmap)):
            #expect(bitmap.width == width && bitmap.height == height)
        case (.refused(let kind), .failure(let error)):
            #expect(BadImage.kind(of: error) == kind, "\(error)")
        case (let outcome, let result):
            Issue.record("expected \(outcome), got \(result)")
        }
    }

    @Test(arguments: BadImages.all)
    func theProbeAndThumbnailAgreeWithTheDecoder(_ input: BadImage) {
        let thumbnail = Result { () throws(ImageError) in
            try Thumbnailer().thumbnail(of: input.data, size: ThumbnailSize(points: 20, scale: 2), mode: .aspectFit)
        }
        switch (input.outcome, thumbnail) {
        case (.decodes(let width, let height), .success(let bitmap)):
            #expect(bitmap.width <= min(width, 40) && bitmap.height <= min(height, 40) && bitmap.width > 0)
            let info = try? ImageProbe.probe(input.data)
            #expect(info?.displayWidth == width && info?.displayHeight == height)
        case (.refused(let kind), .failure(let error)):
            #expect(BadImage.kind(of: error) == kind, "\(error)")
        case (let outcome, let result):
            Issue.record("expected \(outcome), got \(result)")
        }
    }

    @Test func theMediaLibraryAddsOrRefusesNamingTheFile() throws {
        let folder = try TemporaryFolder(prefix: "photosim-robustness-")
        let library = try MediaLibrary(mediaFolder: folder.appending("data/Media"), fileSystem: POSIXFileSystem(),
                                       clock: ManualClock(nanosecondsSince1970: 1_700_000_000_000_000_000),
                                       random: SplitMix64(seed: 1))
        var added = 0
        for input in BadImages.all {
            let path = folder.appending("in/\(input.name)")
            let result = Result { () throws(MediaLibraryError) in try library.add([MediaSource(path: path, data: input.data)]) }
            switch (input.outcome, result) {
            case (.decodes(let width, let height), .success(let assets)):
                added += 1
                #expect(assets.map { [$0.pixelWidth, $0.pixelHeight].sorted() } == [[width, height].sorted()], "\(input.name)")
            case (.refused(let kind), .failure(let error)):
                #expect(Self.matches(error, kind), "\(input.name): \(error)")
                #expect(error.description.contains(path) && error.description.contains("Nothing was added."), "\(error)")
            case (let outcome, let result):
                Issue.record("\(input.name): expected \(outcome), got \(result)")
            }
        }
        #expect(try library.assets().count == added)
        #expect(try library.checkInvariants().isEmpty)
    }

    @Test func theCameraTakesTheImageOrRefusesItWithoutCrashingTheApp() throws {
        let folder = try TemporaryFolder(prefix: "photosim-robustness-")
        let host = try launchedCameraApp(in: folder)
        for input in BadImages.all {
            try host.tap("Capture")
            let result = Result { () throws(RuntimeError) in try host.takePhoto(imageData: input.data) }
            switch (input.outcome, result) {
            case (.decodes, .success):
                #expect(host.trace.lines.contains { $0.contains("camera took") }, "\(input.name)")
            case (.refused(let kind), .failure(.unusableCameraImage(let error))):
                #expect(BadImage.kind(of: error) == kind, "\(input.name): \(error)")
                try host.cancelPicker()
            case (let outcome, let result):
                Issue.record("\(input.name): expected \(outcome), got \(result)")
            }
            #expect(host.state.isRunning, "\(input.name): \(host.state)")
        }
    }

    @Test func theImageStoreShowsNoImageNamingTheFile() throws {
        let folder = try TemporaryFolder(prefix: "photosim-robustness-")
        let disk = POSIXFileSystem()
        let store = ImageStore(folder: folder.path, fileSystem: disk, decoder: ImageDecoder())
        for (index, input) in BadImages.all.enumerated() {
            let key = try #require(ImageKey("item-\(index)"))
            try disk.writeAtomically(input.data, to: store.path(forKey: key))
            switch (input.outcome, store.image(forKey: key)) {
            case (.decodes(let width, let height), .image(let bitmap)):
                #expect(bitmap.width == width && bitmap.height == height, "\(input.name)")
            case (.refused(let kind), .noImage(.decodeFailed(let path, let error))):
                #expect(path == store.path(forKey: key) && BadImage.kind(of: error) == kind, "\(input.name): \(error)")
                #expect(MissingPhotoReason.decodeFailed(path: path, error).description.contains(path))
            case (let outcome, let result):
                Issue.record("\(input.name): expected \(outcome), got \(result)")
            }
        }
        store.checkInvariants()
    }

    /// The number of inputs the README quotes.
    @Test func theCorpusHasTheInputsTheReadmeCounts() {
        #expect(BadImages.all.count == 39)
        #expect(Set(BadImages.all.map(\.name)).count == BadImages.all.count, "names are unique")
    }

    /// A media library error of the kind an image error of `kind` becomes.
    static func matches(_ error: MediaLibraryError, _ kind: BadImage.Kind) -> Bool {
        switch (error, kind) {
        case (.emptyFile, .empty), (.unsupportedFile, .unsupported), (.imageTooLarge, .tooLarge),
             (.truncatedImage, .truncated), (.corruptImage, .corrupt): return true
        default: return false
        }
    }
}
