// `photosim-bench store`: how fast the location store inserts in bulk and saves durably.
import Core
import Foundation

/// Measures ``LocationStore`` the way the app uses it: WAL journal, `synchronous=FULL`.
///
/// - bulk: 100,000 locations in one transaction (`insert(contentsOf:)`), in rows per second;
/// - durable saves: 1,000 single-location inserts, each its own committed transaction (what one
///   tap on Done costs), in saves per second.
///
/// Comparable modes of the C reference `sqlbench`: "bulk 100k, 1 txn, WAL, sync=FULL" and
/// "1000 x autocommit INSERT, WAL, sync=FULL". Each figure is the median of `--reps` runs on a
/// fresh store in `--dir` (default: a new folder under the temporary directory, which must be
/// on a real disk for fsync costs to count).
struct StoreBenchmark {
    struct Options {
        var json = false
        var repetitions = 3
        var bulkRowCount = 100_000
        var durableSaveCount = 1_000
        var directory: String?
    }

    struct Figures {
        var insertRowsPerSecond: Double
        var durableSavesPerSecond: Double
    }

    static let summary = "location store: bulk insert rows/s and durable single saves/s"

    static func run(_ arguments: [String]) throws {
        let options = try parse(arguments)
        let folder = try options.directory ?? makeTemporaryFolder()
        defer { if options.directory == nil { try? POSIXFileSystem().removeItem(at: folder) } }
        let figures = try measure(options, in: folder)
        if options.json {
            print("{\"insert_rows_per_s\": \(Int(figures.insertRowsPerSecond.rounded())), "
                  + "\"durable_saves_per_s\": \(Int(figures.durableSavesPerSecond.rounded()))}")
        } else {
            print("store in \(folder), median of \(options.repetitions) runs, WAL, synchronous=FULL")
            print(line("bulk insert, \(options.bulkRowCount) rows, 1 transaction", figures.insertRowsPerSecond, "rows/s"))
            print(line("durable saves, \(options.durableSaveCount) x 1 row per transaction", figures.durableSavesPerSecond, "saves/s"))
        }
    }

    // MARK: - Measuring

    static func measure(_ options: Options, in folder: String) throws -> Figures {
        let random = SplitMix64(seed: 88_172_645_463_325_252)
        let bulkRows = (0..<options.bulkRowCount).map { makeDetails($0, random) }
        let savedRows = (0..<options.durableSaveCount).map { makeDetails($0, random) }
        var bulkSeconds: [Double] = [], durableSeconds: [Double] = []
        for _ in 0..<options.repetitions {
            let bulkStore = try freshStore(in: folder)
            bulkSeconds.append(try time { _ = try bulkStore.insert(contentsOf: bulkRows) })
            bulkStore.close()
            let durableStore = try freshStore(in: folder)
            durableSeconds.append(try time { for details in savedRows { _ = try durableStore.insert(details) } })
            durableStore.close()
        }
        return Figures(insertRowsPerSecond: Double(options.bulkRowCount) / median(bulkSeconds),
                       durableSavesPerSecond: Double(options.durableSaveCount) / median(durableSeconds))
    }

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

    // MARK: - Helpers

    private static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    private static func line(_ name: String, _ rate: Double, _ unit: String) -> String {
        name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%12.0f %@", rate, unit)
    }

    private static func makeTemporaryFolder() throws -> String {
        var template = Array(NSTemporaryDirectory().appendingPathComponent("photosim-bench-store-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw BenchmarkError.usage("cannot create a temporary folder (errno \(errno)); pass --dir DIR")
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: - Arguments

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--reps": options.repetitions = try positiveNumber(argument, remaining.popFirst())
            case "--rows": options.bulkRowCount = try positiveNumber(argument, remaining.popFirst())
            case "--saves": options.durableSaveCount = try positiveNumber(argument, remaining.popFirst())
            case "--dir":
                guard let directory = remaining.popFirst() else { throw BenchmarkError.usage("--dir needs a folder") }
                options.directory = directory
            default:
                throw BenchmarkError.usage("unknown option \(argument); options: --json --reps N --rows N --saves N --dir DIR")
            }
        }
        return options
    }

    private static func positiveNumber(_ option: String, _ value: String?) throws -> Int {
        guard let value, let number = Int(value), number > 0 else {
            throw BenchmarkError.usage("\(option) needs a positive whole number")
        }
        return number
    }
}

/// A benchmark's command line was wrong; the message says how to fix it.
enum BenchmarkError: Error, CustomStringConvertible {
    case usage(String)

    var description: String {
        switch self {
        case .usage(let message): return message
        }
    }
}
