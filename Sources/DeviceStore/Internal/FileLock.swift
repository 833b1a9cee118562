#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation

/// An advisory `flock(2)` lock on one file, exclusive or shared, whose wait has a bound.
///
/// Separate processes (and separate `FileLock`s in one process: the lock belongs to the open
/// file) exclude each other; the kernel releases the lock when a holder dies, even by `kill -9`.
/// Taking it polls with `LOCK_NB`, pausing through the ``LockWaiting`` seam, and gives up after
/// `timeoutSeconds` with ``LockError/timedOut(path:timeoutSeconds:holder:)``, naming the holder:
/// an exclusive holder writes `pid <pid> <holderName>` into the lock file, and every new holder
/// first empties it, so what a waiter reads is never a dead holder's name; a holder that wrote
/// nothing (a shared one, another program) is named from `/proc/locks` (``LockHolders``).
///
/// The lock file is never opened through a symbolic link. A shared lock on a file this user may
/// not write is taken on a read-only descriptor, so reading a read-only set works (see
/// ``openLockFile(_:mode:readingMayGoUnlocked:open:)``).
///
/// The device set's `.lock` and each media library's `.MediaLibrary.lock` are both this type.
///
/// ```swift
/// let lock = FileLock(path: set + "/.lock", holderName: "simctl boot", waiting: waiter, timeoutSeconds: 10)
/// try lock.withLock(.exclusive, mapError: lockFailure) { ... }
/// ```
struct FileLock {
    /// Exclusive excludes every other holder; shared excludes only exclusive ones.
    enum Mode { case exclusive, shared }

    let path: String
    /// What this process is, for waiters' messages (`simctl addmedia`).
    let holderName: String
    let waiting: LockWaiting
    let timeoutSeconds: Double

    /// The first pause between attempts; pauses double up to ``longestPauseSeconds``.
    static let shortestPauseSeconds = 0.001
    static let longestPauseSeconds = 0.05

    /// Runs `body` holding the lock. A failure to take the lock goes through `mapError`; errors
    /// of `body` pass through unchanged.
    ///
    /// - Parameter readingMayGoUnlocked: a reading command's shared lock on a set it cannot
    ///   write runs `body` without the lock when the lock file does not exist and cannot be
    ///   created (``Opening/unlocked``).
    func withLock<Result, Failure: Error>(
        _ mode: Mode, readingMayGoUnlocked: Bool = false, mapError: (LockError) -> Failure,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let opening: Opening
        do throws(LockError) {
            opening = try Self.openLockFile(path, mode: mode, readingMayGoUnlocked: readingMayGoUnlocked)
        } catch {
            throw mapError(error)
        }
        guard case .descriptor(let descriptor) = opening else { return try body() }
        defer { close(descriptor) }
        do throws(LockError) {
            try acquire(descriptor, mode)
        } catch {
            throw mapError(error)
        }
        recordHolder(descriptor, mode)
        defer {
            if mode == .exclusive { _ = ftruncate(descriptor, 0) }
            flock(descriptor, LOCK_UN)
        }
        return try body()
    }

    /// Polls until the lock is taken or the bound has passed.
    private func acquire(_ descriptor: Int32, _ mode: Mode) throws(LockError) {
        let operation = (mode == .exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        let start = waiting.monotonicSeconds
        var pauseSeconds = FileLock.shortestPauseSeconds
        while flock(descriptor, operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else { throw .unavailable(.from(errno: code, operation: "flock", path: path)) }
            guard waiting.monotonicSeconds - start < timeoutSeconds else {
                throw .timedOut(path: path, timeoutSeconds: timeoutSeconds, holder: readHolder(descriptor))
            }
            waiting.pause(seconds: pauseSeconds)
            pauseSeconds = min(pauseSeconds * 2, FileLock.longestPauseSeconds)
        }
    }

    /// Empties the lock file (the last exclusive holder may have died without doing so) and, for
    /// an exclusive hold, writes who holds it. Best effort: the text only improves messages.
    private func recordHolder(_ descriptor: Int32, _ mode: Mode) {
        _ = ftruncate(descriptor, 0)
        guard mode == .exclusive else { return }
        let bytes = Array("pid \(getpid()) \(holderName)\n".utf8)
        _ = bytes.withUnsafeBytes { buffer in pwrite(descriptor, buffer.baseAddress, buffer.count, 0) }
    }

    /// Who holds the lock: the holder's line from the lock file (PhotoSim's exclusive holders
    /// write one), else what `/proc/locks` says (``LockHolders``); `nil` when neither tells.
    private func readHolder(_ descriptor: Int32) -> String? {
        recordedHolder(descriptor) ?? LockHolders.description(of: descriptor)
    }

    /// The holder's line from the lock file, or `nil` when it is empty or unreadable.
    private func recordedHolder(_ descriptor: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let printable = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        return text.isEmpty || !printable ? nil : text
    }
}
