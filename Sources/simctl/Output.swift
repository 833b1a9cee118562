#if canImport(Glibc)
import Core
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

    /// Writes bytes (a screenshot's PNG) to standard output.
    func standardOutput(_ data: [UInt8]) throws(SimctlError) {
        if let code = write(bytes: data, to: STDOUT_FILENO) { throw .standardOutputFailed(errno: code, createdDevice: nil) }
    }

    /// Writes a message to standard error, its control characters other than newlines and tabs
    /// escaped (``VisibleText/escapedKeepingLines(_:)``): a path or name it quotes may hold
    /// an escape sequence.
    func standardError(_ text: String) { _ = write(VisibleText.escapedKeepingLines(text), to: STDERR_FILENO) }

    /// Whether standard error is a terminal: only then is a progress line shown.
    let showsProgress = isatty(STDERR_FILENO) == 1

    /// Replaces the progress line on a terminal's standard error with `text`.
    func progress(_ text: String) {
        if showsProgress { _ = write("\r\u{1B}[K" + VisibleText.escaped(text), to: STDERR_FILENO) }
    }

    /// Erases the progress line, so that what is written next starts at the left margin.
    func clearProgress() {
        if showsProgress { _ = write("\r\u{1B}[K", to: STDERR_FILENO) }
    }

    private func write(_ text: String, to descriptor: Int32) -> Int32? { write(bytes: Array(text.utf8), to: descriptor) }

    /// Writes every byte; returns the `errno` of a failed write, or `nil`.
    private func write(bytes given: [UInt8], to descriptor: Int32) -> Int32? {
        var bytes = given
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
