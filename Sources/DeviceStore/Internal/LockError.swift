import Core

/// Why a ``FileLock`` could not be taken. Callers map it to their own error type.
package enum LockError: Error, Equatable, CustomStringConvertible {
    /// The lock file could not be opened or locked (its folder is missing, permissions, ...).
    case unavailable(FileSystemError)
    /// Another holder kept the lock for longer than the bound. `holder` is what the lock file
    /// says about it (`pid 4242 simctl addmedia`), else what `/proc/locks` says (`pid 4242 (flock),
    /// exclusively`, `pid 11 (simctl) and pid 12 (simctl), shared`), or `nil` when neither names it.
    case timedOut(path: String, timeoutSeconds: Double, holder: String?)

    package var description: String {
        switch self {
        case .unavailable(let error):
            return error.description
        case .timedOut:
            return waitDescription + "; PHOTOSIM_LOCK_TIMEOUT_SECONDS sets how long simctl waits."
        }
    }

    /// What timed out and who holds the lock, without the command line's variable: `Timed out
    /// after 10 s waiting for the lock <path>: it is held by <holder>. Wait for ... then try again`.
    var waitDescription: String {
        guard case .timedOut(let path, let timeoutSeconds, let holder) = self else { return description }
        let who = holder.map { "it is held by \($0)" } ?? "another process holds it (neither the lock file nor /proc/locks says which)"
        let seconds = timeoutSeconds.rounded() == timeoutSeconds ? String(Int(timeoutSeconds)) : String(timeoutSeconds)
        return "Timed out after \(seconds) s waiting for the lock \(path): \(who). "
            + "Wait for that command to finish or end it if it is stuck, then try again"
    }
}
