import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run of an executable in its own process group, its output collected until it exits or
/// a deadline passes; then the whole group is killed with SIGKILL.
///
/// `posix_spawn` rather than `Process`: the child must lead its own process group so that a
/// hung run (and anything it started) can be killed at once, and the streams are read with
/// `poll` against the deadline instead of `readDataToEndOfFile`, which blocks without end and
/// traps when a read is interrupted (EINTR).
struct ChildProcess {
    /// How a run ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It was still running at the deadline and its process group was killed.
        case timedOut
    }

    /// What a run printed and how it ended.
    struct Outcome {
        let standardOutput: Data
        let standardError: Data
        let ending: Ending
        /// The child's process identifier, which was also its process group.
        let processIdentifier: pid_t
        /// The child's peak resident memory (`ru_maxrss` from `wait4`), 0 when it was killed at the deadline.
        var peakResidentBytes = 0
    }

    /// Held while a pipe is made close-on-exec and while a child is spawned.
    static let spawnLock = NSLock()

    let executable: String
    let arguments: [String]
    /// The environment, or `nil` for this process's own.
    var environment: [String: String]?
    /// A file standard output is written to instead of being collected (say `/dev/full`).
    var standardOutputPath: String?

    /// The command line as a shell would show it, for messages.
    var commandLine: String {
        ([executable] + arguments).map(Self.shellQuoted).joined(separator: " ")
    }

    /// Starts the child with standard input from `/dev/null`, and waits for it at most `timeout`.
    func run(timeout: Duration) throws -> Outcome {
        let deadline = ContinuousClock.now + timeout
        let pipes = try OutputPipes(collectingStandardOutput: standardOutputPath == nil)
        let outputFile = try standardOutputPath.map(Self.openForWriting)
        defer { if let outputFile { close(outputFile) } }
        guard let standardOutput = outputFile ?? pipes.standardOutputWriter else { preconditionFailure("no standard output") }
        let pid = try spawn(standardOutput: standardOutput, standardError: pipes.standardErrorWriter)
        pipes.closeWriters()
        var ending: Ending
        var peakResidentBytes = 0
        do {
            let finishedReading = try pipes.readUntilEndOfFile(deadline: deadline)
            (ending, peakResidentBytes) = finishedReading ? try Self.waitForExit(pid, deadline: deadline) : (.timedOut, 0)
        } catch {
            Self.killGroup(of: pid)
            throw error
        }
        if ending == .timedOut { Self.killGroup(of: pid) }
        return Outcome(standardOutput: pipes.standardOutput, standardError: pipes.standardError, ending: ending,
                       processIdentifier: pid, peakResidentBytes: peakResidentBytes)
    }

    // MARK: - Spawning

    private func spawn(standardOutput: Int32, standardError: Int32) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group (group ID = its pid), default signal handling and an empty mask,
        // as a shell would start it.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }

        var pid: pid_t = 0
        let status = Self.spawnLock.withLock {
            envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
                ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard status == 0 else { throw ChildProcessError.spawnFailed(commandLine: commandLine, errno: status) }
        return pid
    }

    private static func openForWriting(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ChildProcessError.cannotOpen(path: path, errno: errno) }
        return descriptor
    }

    // MARK: - Waiting

    /// Reaps the child once it exits, with its peak resident memory; `.timedOut` if it is still
    /// running at the deadline (its streams may be closed while it goes on).
    private static func waitForExit(_ pid: pid_t, deadline: ContinuousClock.Instant) throws -> (Ending, Int) {
        while true {
            var status: Int32 = 0
            var usage = rusage()
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { return (ending(fromWaitStatus: status), Int(usage.ru_maxrss) * 1_024) }
            if reaped < 0 && errno != EINTR { throw ChildProcessError.waitFailed(pid: pid, errno: errno) }
            if ContinuousClock.now >= deadline { return (.timedOut, 0) }
            usleep(1_000)
        }
    }

    /// SIGKILL to every process in the child's group, then reaps the child.
    private static func killGroup(of pid: pid_t) {
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG`, which are C macros Swift cannot call.
    private static func ending(fromWaitStatus status: Int32) -> Ending {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    private static func shellQuoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Why a child process could not be started or waited for.
enum ChildProcessError: Error, CustomStringConvertible {
    case spawnFailed(commandLine: String, errno: Int32)
    case cannotOpen(path: String, errno: Int32)
    case pipeFailed(errno: Int32)
    case waitFailed(pid: pid_t, errno: Int32)

    var description: String {
        switch self {
        case .spawnFailed(let commandLine, let code): return "Cannot start \(commandLine): \(String(cString: strerror(code)))"
        case .cannotOpen(let path, let code): return "Cannot open \(path) for the child's output: \(String(cString: strerror(code)))"
        case .pipeFailed(let code): return "Cannot make a pipe for the child's output: \(String(cString: strerror(code)))"
        case .waitFailed(let pid, let code): return "Cannot wait for process \(pid): \(String(cString: strerror(code)))"
        }
    }
}
