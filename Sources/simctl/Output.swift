#if canImport(Glibc)
import Glibc
#endif

/// Where the command writes: standard output and standard error, each text written whole
/// before the call returns (no buffer to lose if the process is killed afterwards).
struct Output {
    func standardOutput(_ text: String) { write(text, to: STDOUT_FILENO) }

    func standardError(_ text: String) { write(text, to: STDERR_FILENO) }

    private func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
