import Core
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `photosim-bench startup`: how long the built `simctl` takes to start, list a device set and
/// exit, as `hyperfine -N 'simctl --set SET list'` measures it.
///
/// The set is made in a temporary folder by that `simctl` (three devices, one booted, as
/// docs/simctl.md's "Timing" describes). Each run is `posix_spawn` and `waitpid`, its output sent
/// to `/dev/null`, timed on the monotonic clock; `--warmup` runs come first (the binary and the
/// set in the page cache), then `--runs` timed ones. `simctl` is the one beside this executable
/// (build it with `swift build -c release --static-swift-stdlib --product simctl`: that build is
/// what start-up figures are about), or `--simctl`.
///
/// - `list_ms_median`, `list_ms_p90`: wall time of one `simctl --set SET list`, in milliseconds.
enum StartupBenchmark: Benchmark {
    static let name = "startup"
    static let summary = "simctl start-up: `simctl --set SET list` on three devices, one booted (ms)"

    struct Options: BenchmarkOptions {
        var json = false
        var runs = 200
        var warmupRuns = 20
        var simctlPath: String?
    }

    static var options: [BenchmarkOption<Options>] {
        [
            .positiveNumber("--runs", "timed runs (default 200)", \.runs),
            .positiveNumber("--warmup", "untimed runs first (default 20)", \.warmupRuns),
            .path("--simctl", "PATH", "the simctl to time (default: the one beside photosim-bench)", \.simctlPath),
        ]
    }

    /// Milliseconds rounded to hundredths.
    struct Figures: BenchmarkFigures {
        let runs: Int
        let listMillisecondsMedian: Double
        let listMillisecondsP90: Double

        enum CodingKeys: String, CodingKey, CaseIterable {
            case runs
            case listMillisecondsMedian = "list_ms_median"
            case listMillisecondsP90 = "list_ms_p90"
        }
    }

    static func run(_ options: Options, output: BenchmarkOutput) throws {
        let simctl = try options.simctlPath ?? besideThisExecutable("simctl")
        try withTemporaryFolder(for: name) { folder in
            let set = folder.appendingPathComponent("Devices")
            try makeSet(at: set, simctl: simctl)
            let arguments = [simctl, "--set", set, "list"]
            for run in 0..<options.warmupRuns {
                output.progress("startup: warm-up \(run + 1)/\(options.warmupRuns)")
                _ = try timedRun(arguments)
            }
            var milliseconds: [Double] = []
            for run in 0..<options.runs {
                output.progress("startup: run \(run + 1)/\(options.runs)")
                milliseconds.append(try timedRun(arguments))
            }
            let sorted = milliseconds.sorted()
            let figures = Figures(runs: options.runs, listMillisecondsMedian: median(milliseconds).rounded(toPlaces: 2),
                                  listMillisecondsP90: sorted[min(sorted.count - 1, sorted.count * 9 / 10)].rounded(toPlaces: 2))
            try output.figures(figures, readable: "\(simctl) --set SET list (3 devices, 1 booted), \(options.runs) runs after "
                + "\(options.warmupRuns) warm-up: median \(figures.listMillisecondsMedian) ms, p90 \(figures.listMillisecondsP90) ms,"
                + " fastest \(sorted[0].rounded(toPlaces: 2)) ms")
        }
    }

    /// `name` in the folder of this executable (`/proc/self/exe`), which must exist.
    static func besideThisExecutable(_ name: String) throws -> String {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let path = executable.deletingLastPathComponent.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkFailure(message: "no \(name) beside photosim-bench at \(path): build it first, with "
                + "`swift build -c release --static-swift-stdlib --product \(name)`, or give one with --simctl PATH")
        }
        return path
    }

    /// Three devices, the first booted, made by `simctl` itself.
    private static func makeSet(at set: String, simctl: String) throws {
        try POSIXFileSystem().createDirectory(at: set)
        let steps = [["create", "Phone A", "iPhone 15"], ["create", "Phone B", "iPhone 15"],
                     ["create", "Tablet C", "iPad (10th generation)"], ["boot", "Phone A"]]
        for step in steps { _ = try timedRun([simctl, "--set", set] + step) }
    }

    /// Runs `arguments` (the program first) with its output discarded; its wall time in
    /// milliseconds. A run that does not exit 0 fails the benchmark, naming it.
    private static func timedRun(_ arguments: [String]) throws -> Double {
        var status: Int32 = 0
        let milliseconds = try Stopwatch.milliseconds { status = try spawnAndWait(arguments) }
        guard status == 0 else {
            throw BenchmarkFailure(message: "`\(arguments.joined(separator: " "))` ended with wait status \(status)"
                + " (exit \(status >> 8 & 0xFF), signal \(status & 0x7F))")
        }
        return milliseconds
    }

    /// `posix_spawn`s `arguments[0]` with standard output and error on `/dev/null`, waits for it
    /// and returns its wait status.
    private static func spawnAndWait(_ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &cArguments, environ)
        guard spawned == 0 else {
            throw BenchmarkFailure(message: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw BenchmarkFailure(message: "waiting for \(arguments[0]) failed: \(String(cString: strerror(errno)))")
            }
        }
        return status
    }
}
