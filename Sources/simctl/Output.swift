#if canImport(Glibc)
import Glibc
#endif
import Simulator

/// Where the command writes: standard output and standard error, each text written whole
/// before the call returns (no buffer to lose if the process is killed afterwards).
///
/// A failed write to standard output (`simctl list > /dev/full`) is an error: the caller would
/// otherwise take an empty or cut listing, or lose a new device's UDID, for success. A failed
/// write to standard error has nowhere to be reported and is ignored.
struct Output {
    /// Writes to standard output; ``SimctlError/standardOutputFailed(errno:createdDevice:)`` when it cannot.
    func standardOutput(_ text: String) throws(SimctlError) {
        if let code = write(text, to: STDOUT_FILENO) { throw .standardOutputFailed(errno: code, createdDevice: nil) }
    }

    func standardError(_ text: String) { _ = write(text, to: STDERR_FILENO) }

    /// Writes every byte; returns the `errno` of a failed write, or `nil`.
    private func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count < 0 ? errno : EIO }
            written += count
        }
        return nil
    }
}
