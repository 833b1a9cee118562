import Apps
import Core
import Foundation
import Platform
import Simulator

/// `photosim-bench flow`: the MyLocations add-photo flow through the app runtime, against the
/// same Core work done directly.
///
/// One run: launch, Tag Location, Add Photo, Choose From Library, pick a 3 MP photo with editing,
/// Done, background, memory warning, foreground, open the list, delete, kill. The Core run does
/// what that flow costs in Core: decode, centre crop, encode and write at quality 50, the
/// thumbnail, the rows, the delete. Both alternate in one process, `--runs` times; the 3 MP
/// photo (2048x1536) is generated, not read.
enum FlowBenchmark: Benchmark {
    static let name = "flow"
    static let summary = "MyLocations add-photo flow through the runtime vs the same Core work (ms, RSS)"

    struct Options: BenchmarkOptions {
        var json = false
        var runs = 200
    }

    static var options: [BenchmarkOption<Options>] {
        [.positiveNumber("--runs", "flows run in one process (default 200)", \.runs)]
    }

    struct Figures: BenchmarkFigures {
        let runs: Int
        let flowMillisecondsMedian: Double
        let flowMillisecondsP90: Double
        let coreMillisecondsMedian: Double
        let residentBytesAfterFirst: Int
        let residentBytesAfterLast: Int

        enum CodingKeys: String, CodingKey, CaseIterable {
            case runs
            case flowMillisecondsMedian = "flow_ms_median"
            case flowMillisecondsP90 = "flow_ms_p90"
            case coreMillisecondsMedian = "core_ms_median"
            case residentBytesAfterFirst = "rss_bytes_after_first"
            case residentBytesAfterLast = "rss_bytes_after_last"
        }
    }

    static func run(_ options: Options, output: BenchmarkOutput) throws {
        try withTemporaryFolder(for: name) { folder in
            let figures = try measure(options, in: folder, output: output)
            try output.figures(figures, readable: [
                "flow (runtime), \(figures.runs) runs: median \(figures.flowMillisecondsMedian) ms, p90 \(figures.flowMillisecondsP90) ms",
                "same Core work: median \(figures.coreMillisecondsMedian) ms",
                "RSS after the first run \(figures.residentBytesAfterFirst) bytes, after the last \(figures.residentBytesAfterLast) bytes",
            ].joined(separator: "\n"))
        }
    }

    private static func measure(_ options: Options, in folder: String, output: BenchmarkOutput) throws -> Figures {
        let photo = try makePhoto(width: 2048, height: 1536)
        let world = World(seed: 1)
        let device = try RuntimeDevice.temporary(deviceType: "iPhone 15", folder: folder.appendingPathComponent("device"),
                                                 definition: MyLocations.definition, world: world)
        _ = try device.mediaLibrary.add([MediaSource(path: "photo-3mp.jpg", data: photo)])
        let host = AppHost(definition: MyLocations.definition, device: device, world: world)
        let core = try CoreFlow(folder: folder.appendingPathComponent("core"), photo: photo)
        var flowTimes: [Double] = [], coreTimes: [Double] = []
        var residentAfterFirst = 0
        for run in 1...options.runs {
            output.progress("flow: run \(run)/\(options.runs)")
            flowTimes.append(try Stopwatch.milliseconds { try runFlow(host) })
            coreTimes.append(try Stopwatch.milliseconds { try core.run() })
            if run == 1 { residentAfterFirst = try ProcessStatus.residentBytes() }
        }
        let sorted = flowTimes.sorted()
        return Figures(runs: options.runs, flowMillisecondsMedian: median(flowTimes).rounded(toPlaces: 2),
                       flowMillisecondsP90: sorted[min(sorted.count - 1, sorted.count * 9 / 10)].rounded(toPlaces: 2),
                       coreMillisecondsMedian: median(coreTimes).rounded(toPlaces: 2),
                       residentBytesAfterFirst: residentAfterFirst,
                       residentBytesAfterLast: try ProcessStatus.residentBytes())
    }

    /// One add-photo flow through the runtime, ending with the app killed.
    private static func runFlow(_ host: AppHost) throws {
        try host.launch()
        try host.tap("Tag Location")
        try host.tap("Add Photo")
        try host.tap("Choose From Library")
        try host.pickPhoto(index: 0)
        try host.tap("Done")
        try host.pressHome()
        try host.simulateMemoryWarning()
        try host.activate()
        try host.tap("Locations")
        try host.swipe(from: "(No Description)")
        try host.tap("Delete")
        try host.kill()
        guard host.state == .killed else { throw BenchmarkFailure(message: "the flow ended \(host.state)") }
    }

    /// A deterministic photo: a gradient with a fine pattern, so the JPEG is not trivially small.
    private static func makePhoto(width: Int, height: Int) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                pixels[index] = UInt8(truncatingIfNeeded: x &* 255 / width &+ (x ^ y) & 15)
                pixels[index + 1] = UInt8(truncatingIfNeeded: y &* 255 / height)
                pixels[index + 2] = UInt8(truncatingIfNeeded: (x &+ y) &* 7)
            }
        }
        return try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 90)
    }
}

/// The Core work of one flow, done directly: decode, crop, save, thumbnail, rows, delete.
private final class CoreFlow {
    let photo: Data
    let fileSystem = POSIXFileSystem()
    let store: LocationStore
    let photos: LocationPhotos

    init(folder: String, photo: Data) throws {
        self.photo = photo
        try fileSystem.createDirectory(at: folder)
        store = try LocationStore.open(containerPath: folder, fileSystem: fileSystem, random: SplitMix64(seed: 1))
        let preferences = try Preferences(containerPath: folder, bundleIdentifier: MyLocations.bundleIdentifier.rawValue,
                                          fileSystem: fileSystem)
        photos = LocationPhotos(store: store, allocator: PhotoIDAllocator(preferences: preferences), fileSystem: fileSystem,
                                documentsPath: LocationPhotos.documentsPath(containerPath: folder))
    }

    func run() throws {
        let original = try ImageDecoder().decode(photo)
        let square = PixelRect.centredCrop(width: original.width, height: original.height, aspectWidth: 1, aspectHeight: 1)
        let edited = original.resampled(toWidth: square.width, height: square.height, from: square)
        let details = LocationDetails(latitude: 37.3349, longitude: -122.009, date: RuntimeDevice.epochDate,
                                      locationDescription: "", category: "No Category")
        let location = try photos.add(details, pickedPhoto: edited)
        let file = try fileSystem.contents(of: photos.path(for: location.photoID!))
        _ = try Thumbnailer().thumbnail(of: file, size: ThumbnailSize(points: 52, scale: 3), mode: .aspectFit)
        _ = try store.allLocations()
        try photos.delete(location)
        _ = try store.allLocations()
    }
}
