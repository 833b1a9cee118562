#if canImport(Glibc)
import Glibc
#endif
import Core
import Dispatch
import Foundation

/// The probe's calls for the inspection and moving rules, each recording what went wrong.
extension FileSystemProbe {
    /// Checks what `statusOfItem(at:)` says: `nil`, or the kind (and size when given).
    func expectStatus(of path: String, _ kind: FileKind?, sizeBytes: Int? = nil) {
        guard let status = step("statusOfItem(at: \(path))", { () throws(FileSystemError) in
            try fileSystem.statusOfItem(at: path)
        }) else { return }
        guard let kind else {
            expect(status == nil, "statusOfItem(at: \(path)) is a \(status?.kind.rawValue ?? ""); nothing is there")
            return
        }
        guard let status else {
            expect(false, "statusOfItem(at: \(path)) is nil; a \(kind.rawValue) is there")
            return
        }
        expect(status.kind == kind, "statusOfItem(at: \(path)) is a \(status.kind.rawValue); a \(kind.rawValue) is there")
        if let sizeBytes {
            expect(status.sizeBytes == sizeBytes, "statusOfItem(at: \(path)) says \(status.sizeBytes) bytes; \(sizeBytes) were written")
        }
    }

    /// Checks that `path` resolves to `expected`, first creating the folder `creating` when given.
    func expectResolvedPath(of path: String, _ expected: String, creating folder: String? = nil) {
        if let folder {
            step("createDirectory(at: \(folder))") { () throws(FileSystemError) in try fileSystem.createDirectory(at: folder) }
        }
        if let resolved = step("resolvedPath(of: \(path))", { () throws(FileSystemError) in try fileSystem.resolvedPath(of: path) }) {
            expect(resolved == expected, "resolvedPath(of: \(path)) is \(resolved); expected \(expected)")
        }
    }

    /// Checks a bounded read: the bytes returned and the whole file's size in its status.
    func expectBoundedRead(of path: String, limitBytes: Int, prefixBytes: Int?, _ expected: Data, sizeBytes: Int) {
        let call = "contents(ofRegularFile: \(path), limitBytes: \(limitBytes), prefixBytes: \(prefixBytes.map(String.init) ?? "nil"))"
        guard let read = step(call, { () throws(FileSystemError) in
            try fileSystem.contents(ofRegularFile: path, limitBytes: limitBytes, prefixBytes: prefixBytes)
        }) else { return }
        expect(read.data == expected, "\(call) gave \(Self.show(read.data)); expected \(Self.show(expected))")
        expect(read.status.kind == .regularFile && read.status.sizeBytes == sizeBytes,
               "\(call) reported a \(read.status.kind.rawValue) of \(read.status.sizeBytes) bytes; the file has \(sizeBytes)")
    }

    /// Runs a call that must fail, with any `FileSystemError` (never `.simulatedCrash`).
    func expectAnyFailure(_ call: String, _ body: () throws(FileSystemError) -> Void) {
        do {
            try body()
            expect(false, "\(call) succeeded; it must fail")
        } catch {
            if case .simulatedCrash = error { expect(false, "\(call) threw \(Self.show(error)): a real file system never crashes on purpose") }
        }
    }

    /// Runs `body` on another thread and gives its outcome, or `nil` when it is still running
    /// after ``FileSystemContract/blockingBoundSeconds``; then the FIFO at `fifo` is opened and
    /// closed, which ends a wait for a writer (the reader then sees the end of the file), and the
    /// call is waited for.
    func withinBound(unblocking fifo: String, _ body: @escaping () throws(FileSystemError) -> Void) -> Result<Void, FileSystemError>? {
        let call = BlockingCall(body)
        let finished = call.run(waitingSeconds: FileSystemContract.blockingBoundSeconds)
        guard finished else {
            let descriptor = open(fifo, O_RDWR | O_NONBLOCK)
            if descriptor >= 0 { close(descriptor) }
            _ = call.run(waitingSeconds: nil)
            return nil
        }
        return call.outcome
    }
}

/// One call on its own thread, whose end can be waited for with or without a bound.
private final class BlockingCall: @unchecked Sendable {
    private let body: () throws(FileSystemError) -> Void
    private let done = DispatchSemaphore(value: 0)
    private var started = false
    /// Set by the call's thread before it signals `done`.
    private(set) var outcome: Result<Void, FileSystemError>?

    init(_ body: @escaping () throws(FileSystemError) -> Void) {
        self.body = body
    }

    /// Starts the call (once) and waits for it: true when it ended within `waitingSeconds`.
    func run(waitingSeconds: Double?) -> Bool {
        if !started {
            started = true
            Thread { [self] in
                do throws(FileSystemError) {
                    try body()
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
                done.signal()
            }.start()
        }
        guard let waitingSeconds else {
            done.wait()
            return true
        }
        return done.wait(timeout: .now() + waitingSeconds) == .success
    }
}
