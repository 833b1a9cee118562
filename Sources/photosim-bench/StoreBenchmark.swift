import Core
import Foundation

/// `photosim-bench store`: how fast ``LocationStore`` inserts in bulk and saves durably, the way
/// the app uses it (WAL journal, `synchronous=FULL`).
///
/// - `insert_rows_per_s`: 100,000 locations in one transaction (`insert(contentsOf:)`);
/// - `durable_saves_per_s`: 1,000 single-location inserts, each its own committed transaction
///   (what one tap on Done costs).
///
/// Comparable modes of the C reference `sqlbench`: "bulk 100k, 1 txn, WAL, sync=FULL" and
/// "1000 x autocommit INSERT, WAL, sync=FULL". Each figure is the median of `--reps` runs on a
/// fresh store in `--dir` (default: a new folder under the temporary directory, which must be
/// on a real disk for fsync costs to count).
enum StoreBenchmark: Benchmark {
    static let name = "store"
    static let summary = "location store: bulk insert rows/s and durable single saves/s"

    struct Options: BenchmarkOptions {
        var json = false
        var repetitions = 3
        var bulkRowCount = 100_000
        var durableSaveCount = 1_000
        var directory: String?
    }

    static var options: [BenchmarkOption<Options>] {
        [
            .positiveNumber("--reps", "runs; the median is reported (default 3)", \.repetitions),
            .positiveNumber("--rows", "locations inserted in one transaction (default 100000)", \.bulkRowCount),
            .positiveNumber("--saves", "single-location transactions (default 1000)", \.durableSaveCount),
            .path("--dir", "DIR", "folder for the store, kept afterwards (default: a temporary one)", \.directory),
        ]
    }

    /// Rates rounded to whole numbers.
    struct Figures: BenchmarkFigures {
        let insertRowsPerSecond: Int
        let durableSavesPerSecond: Int

        enum CodingKeys: String, CodingKey, CaseIterable {
            case insertRowsPerSecond = "insert_rows_per_s"
            case durableSavesPerSecond = "durable_saves_per_s"
        }
    }

    /// Measures in `--dir`, or in a temporary folder removed afterwards.
    static func run(_ options: Options, output: BenchmarkOutput) throws {
        if let directory = options.directory {
            try run(options, in: directory, output: output)
        } else {
            try withTemporaryFolder(for: name) { try run(options, in: $0, output: output) }
        }
    }

    /// Measures in `folder` and prints the figures.
    private static func run(_ options: Options, in folder: String, output: BenchmarkOutput) throws {
        output.note("store in \(folder), median of \(options.repetitions) runs, WAL, synchronous=FULL")
        let figures = try measure(options, in: folder, output: output)
        try output.figures(figures, readable: [
            line("bulk insert, \(options.bulkRowCount) rows, 1 transaction", figures.insertRowsPerSecond, "rows/s"),
            line("durable saves, \(options.durableSaveCount) x 1 row per transaction", figures.durableSavesPerSecond,
                 "saves/s"),
        ].joined(separator: "\n"))
    }

    /// Median rates over `options.repetitions` runs, each on fresh stores in `folder`.
    static func measure(_ options: Options, in folder: String, output: BenchmarkOutput) throws -> Figures {
        let random = SplitMix64(seed: 88_172_645_463_325_252)
        let bulkRows = (0..<options.bulkRowCount).map { makeDetails($0, random) }
        let savedRows = (0..<options.durableSaveCount).map { makeDetails($0, random) }
        var bulkSeconds: [Double] = [], durableSeconds: [Double] = []
        for repetition in 1...options.repetitions {
            output.progress("store: run \(repetition)/\(options.repetitions): bulk insert")
            let bulkStore = try freshStore(in: folder)
            bulkSeconds.append(try Stopwatch.seconds { _ = try bulkStore.insert(contentsOf: bulkRows) })
            bulkStore.close()
            output.progress("store: run \(repetition)/\(options.repetitions): durable saves")
            let durableStore = try freshStore(in: folder)
            durableSeconds.append(try Stopwatch.seconds { for details in savedRows { _ = try durableStore.insert(details) } })
            durableStore.close()
        }
        return Figures(insertRowsPerSecond: Int((Double(options.bulkRowCount) / median(bulkSeconds)).rounded()),
                       durableSavesPerSecond: Int((Double(options.durableSaveCount) / median(durableSeconds)).rounded()))
    }

    /// An empty store in `folder`, replacing the one a previous run left.
    private static func freshStore(in folder: String) throws -> LocationStore {
        let path = folder.appendingPathComponent("bench-Locations.sqlite")
        for suffix in ["", "-wal", "-shm"] { try POSIXFileSystem().removeItem(at: path + suffix) }
        return try LocationStore(path: path, random: SplitMix64(seed: 1))
    }

    /// A location like the ones people tag: a few words of description, one of eight categories.
    private static func makeDetails(_ index: Int, _ random: RandomSource) -> LocationDetails {
        let words = ["sunset", "over", "the", "old", "harbour", "with", "friends", "after", "lunch", "near",
                     "cathedral", "blue", "mountain", "trail", "market", "coffee", "rainy", "morning", "bridge", "river"]
        let categories = ["landmark", "food", "people", "nature", "street", "animal", "document", "other"]
        let wordCount = 3 + Int(random.next(below: 12))
        let description = (0..<wordCount).map { _ in words[Int(random.next(below: 20))] }.joined(separator: " ")
        return LocationDetails(latitude: -90 + Double(random.next(below: 1_800_000)) / 10_000,
                               longitude: -180 + Double(random.next(below: 3_600_000)) / 10_000,
                               date: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(index) * 37),
                               locationDescription: description, category: categories[Int(random.next(below: 8))],
                               placemark: index.isMultiple(of: 3) ? nil : "\(index) Harbour Street")
    }

    /// `name` padded to a column, then the rate and its unit.
    private static func line(_ name: String, _ rate: Int, _ unit: String) -> String {
        name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%12ld %@", rate, unit)
    }
}
