import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The pipes a child's standard output and standard error go through, and what was read from
/// them. Every descriptor is close-on-exec, so children started at the same time by other tests
/// never hold a write end open (which would keep the end of file from coming; `Process` closes
/// every other descriptor in its children too).
final class OutputPipes {
    private(set) var standardOutput = Data()
    private(set) var standardError = Data()
    /// The write ends, for the child.
    let standardOutputWriter: Int32?
    let standardErrorWriter: Int32
    private var writers: [Int32]
    /// Open read ends, each with whether it carries standard output (else standard error).
    private var readers: [Int32: Bool] = [:]

    init(collectingStandardOutput: Bool) throws {
        let error = try Self.makePipe()
        standardErrorWriter = error.writer
        readers[error.reader] = false
        writers = [error.writer]
        if collectingStandardOutput {
            let output = try Self.makePipe()
            standardOutputWriter = output.writer
            readers[output.reader] = true
            writers.append(output.writer)
        } else {
            standardOutputWriter = nil
        }
    }

    deinit {
        closeWriters()
        readers.keys.forEach { _ = close($0) }
    }

    /// Closes this process's copies of the write ends, once the child has its own.
    func closeWriters() {
        writers.forEach { _ = close($0) }
        writers = []
    }

    /// Reads both streams until each reaches its end; `false` if the deadline came first.
    func readUntilEndOfFile(deadline: ContinuousClock.Instant) throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !readers.isEmpty {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            var polled = readers.keys.sorted().map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), Self.milliseconds(remaining))
            if ready < 0 && errno != EINTR { throw ChildProcessError.pipeFailed(errno: errno) }
            for entry in polled where entry.revents != 0 {
                try drain(entry.fd, into: &buffer)
            }
        }
        return true
    }

    /// One read from a ready pipe: appends what came, closes the pipe at its end.
    private func drain(_ descriptor: Int32, into buffer: inout [UInt8]) throws {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0, let isOutput = readers[descriptor] {
            if isOutput {
                standardOutput.append(contentsOf: buffer[0..<count])
            } else {
                standardError.append(contentsOf: buffer[0..<count])
            }
        } else if count == 0 || errno != EINTR && errno != EAGAIN {
            close(descriptor)
            readers[descriptor] = nil
        }
    }

    /// A pipe whose ends are close-on-exec. (`pipe2` is out of Swift's reach, so `pipe` and
    /// `fcntl` under ``ChildProcess/spawnLock``: no child of these tests starts in between.)
    private static func makePipe() throws -> (reader: Int32, writer: Int32) {
        try ChildProcess.spawnLock.withLock {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw ChildProcessError.pipeFailed(errno: errno) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }
    }

    /// A poll timeout: at least 1 ms, at most a minute (poll is called again after it).
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: max(1, min(60_000, seconds * 1_000 + attoseconds / 1_000_000_000_000_000)))
    }
}
