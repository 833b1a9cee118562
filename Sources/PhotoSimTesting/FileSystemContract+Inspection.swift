#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation

/// The checks for looking at entries without trusting them (`statusOfItem`, `resolvedPath`,
/// bounded reads) and for moving, each in its own folder (`probe.folder`, already created).
///
/// Symbolic links and FIFOs are made with POSIX calls in the folder, so those parts run only
/// when the file system under test sees the real disk there (`probe.isDiskBacked`).
extension FileSystemContract {
    /// `statusOfItem` is `lstat`: `nil` for nothing, the exact size of a file, a folder as a
    /// folder, and a symbolic link (dangling or not) as a link, never as what it points at.
    static func checkStatusDoesNotFollowLinks(_ probe: FileSystemProbe) {
        let file = probe.path("file"), folder = probe.path("folder")
        probe.write(Data(1...10), to: file)
        probe.step("createDirectory(at: \(folder))") { () throws(FileSystemError) in try probe.fileSystem.createDirectory(at: folder) }
        probe.expectStatus(of: probe.path("absent"), nil)
        probe.expectStatus(of: file, .regularFile, sizeBytes: 10)
        probe.expectStatus(of: folder, .directory)
        guard probe.isDiskBacked else { return }
        for (name, target) in [("link", file), ("dangling", probe.path("nowhere"))] {
            let link = probe.path(name)
            probe.expect(symlink(target, link) == 0, "symlink(\(target), \(link)) failed: errno \(errno)")
            probe.expectStatus(of: link, .symbolicLink)
        }
    }

    /// `resolvedPath` removes `.`, `..` and symbolic links, and a missing path is `notFound`.
    static func checkResolvedPath(_ probe: FileSystemProbe) {
        let file = probe.path("file")
        probe.write(Data([1]), to: file)
        guard let folder = probe.step("resolvedPath(of: \(probe.folder))", { () throws(FileSystemError) in
            try probe.fileSystem.resolvedPath(of: probe.folder)
        }) else { return }
        probe.expectResolvedPath(of: probe.path("./sub/../file"), folder.appendingPathComponent("file"), creating: probe.path("sub"))
        let missing = probe.path("absent")
        probe.expectFailure("resolvedPath(of: \(missing))", naming: missing, expected: .notFound(path: missing)) {
            () throws(FileSystemError) in _ = try probe.fileSystem.resolvedPath(of: missing)
        }
        guard probe.isDiskBacked else { return }
        let link = probe.path("link")
        probe.expect(symlink(file, link) == 0, "symlink(\(file), \(link)) failed: errno \(errno)")
        probe.expectResolvedPath(of: link, folder.appendingPathComponent("file"))
    }

    /// The execute bits are set and cleared on a regular file, and its status says so; a folder
    /// is `notRegularFile` and a missing file `notFound`.
    static func checkExecutableBits(_ probe: FileSystemProbe) {
        let file = probe.path("tool")
        probe.write(Data("#!/bin/sh\n".utf8), to: file)
        for executable in [true, false] {
            do {
                try probe.fileSystem.setExecutable(executable, at: file)
                let status = try probe.fileSystem.statusOfItem(at: file)
                probe.expect(status?.isExecutable == executable, "setExecutable(\(executable)) left isExecutable \(String(describing: status?.isExecutable))")
            } catch {
                probe.expect(false, "setExecutable(\(executable), at: \(file)) failed: \(error)")
            }
        }
        let folder = probe.path("folder")
        do { try probe.fileSystem.createDirectory(at: folder) } catch { probe.expect(false, "createDirectory(\(folder)) failed: \(error)") }
        probe.expectFailure("setExecutable(true, at: \(folder))", naming: folder, expected: .notRegularFile(path: folder, kind: .directory)) {
            () throws(FileSystemError) in try probe.fileSystem.setExecutable(true, at: folder)
        }
        let missing = probe.path("absent")
        probe.expectFailure("setExecutable(true, at: \(missing))", naming: missing, expected: .notFound(path: missing)) {
            () throws(FileSystemError) in try probe.fileSystem.setExecutable(true, at: missing)
        }
    }

    /// A bounded read returns at most the prefix asked for (all of a shorter file) with the
    /// file's whole size; a file over the limit is `tooLarge` with its size and the limit, prefix
    /// or not; a missing file is `notFound`; a symbolic link to a file is followed.
    static func checkBoundedReads(_ probe: FileSystemProbe) {
        let file = probe.path("file")
        let bytes = Data(1...10)
        probe.write(bytes, to: file)
        for (limit, prefix, expected) in [(10, nil, bytes), (10, 4, bytes.prefix(4)), (100, 100, bytes), (10, 0, Data()),
                                          (Int.max, nil, bytes), (Int.max, 4, bytes.prefix(4))] {
            probe.expectBoundedRead(of: file, limitBytes: limit, prefixBytes: prefix, expected, sizeBytes: 10)
        }
        for prefix in [nil, 4] as [Int?] {
            probe.expectFailure("contents(ofRegularFile: \(file), limitBytes: 9, prefixBytes: \(prefix.map(String.init) ?? "nil"))",
                                naming: file, expected: .tooLarge(path: file, sizeBytes: 10, limitBytes: 9)) {
                () throws(FileSystemError) in _ = try probe.fileSystem.contents(ofRegularFile: file, limitBytes: 9, prefixBytes: prefix)
            }
        }
        let missing = probe.path("absent")
        probe.expectFailure("contents(ofRegularFile: \(missing))", naming: missing, expected: .notFound(path: missing)) {
            () throws(FileSystemError) in _ = try probe.fileSystem.contents(ofRegularFile: missing, limitBytes: 10)
        }
        guard probe.isDiskBacked else { return }
        let link = probe.path("link")
        probe.expect(symlink(file, link) == 0, "symlink(\(file), \(link)) failed: errno \(errno)")
        probe.expectBoundedRead(of: link, limitBytes: 10, prefixBytes: nil, bytes, sizeBytes: 10)
    }

    /// Anything but a regular file is `notRegularFile` with its kind, before a byte is read: a
    /// folder, and a FIFO without a writer, which must neither block (a read of one would wait
    /// for ever) nor be reported as a file. A call still running after ``blockingBoundSeconds``
    /// is a violation; the check then opens the FIFO itself to let the call go.
    static func checkSpecialFilesAreRefused(_ probe: FileSystemProbe) {
        let folder = probe.path("folder")
        probe.step("createDirectory(at: \(folder))") { () throws(FileSystemError) in try probe.fileSystem.createDirectory(at: folder) }
        probe.expectFailure("contents(ofRegularFile: \(folder))", naming: folder,
                            expected: .notRegularFile(path: folder, kind: .directory)) { () throws(FileSystemError) in
            _ = try probe.fileSystem.contents(ofRegularFile: folder, limitBytes: 10)
        }
        guard probe.isDiskBacked else { return }
        let fifo = probe.path("fifo")
        probe.expect(mkfifo(fifo, 0o644) == 0, "mkfifo(\(fifo)) failed: errno \(errno)")
        probe.expectStatus(of: fifo, .namedPipe)
        let outcome = probe.withinBound(unblocking: fifo) { () throws(FileSystemError) in
            _ = try probe.fileSystem.contents(ofRegularFile: fifo, limitBytes: 1_000, prefixBytes: 10)
        }
        switch outcome {
        case .none:
            probe.expect(false, "contents(ofRegularFile: \(fifo)) of a FIFO without a writer blocked"
                         + " (still waiting after \(blockingBoundSeconds) s)")
        case .success?:
            probe.expect(false, "contents(ofRegularFile: \(fifo)) of a FIFO succeeded; it must fail as notRegularFile")
        case .failure(let error)?:
            probe.expect(error == .notRegularFile(path: fifo, kind: .namedPipe),
                         "contents(ofRegularFile: \(fifo)) threw \"\(error)\"; expected notRegularFile(\(fifo), named pipe)")
        }
    }

    /// Moving renames: the source is gone and the destination holds its bytes. It never replaces
    /// an existing destination (`alreadyExists` naming it, both files as they were), and moving
    /// what is not there fails and creates nothing.
    static func checkMoveNeverReplaces(_ probe: FileSystemProbe) {
        let source = probe.path("source"), destination = probe.path("destination"), taken = probe.path("taken")
        probe.write(Data([1, 2, 3]), to: source)
        probe.write(Data([9]), to: taken)
        probe.step("moveItem(at: \(source), to: \(destination))") { () throws(FileSystemError) in
            try probe.fileSystem.moveItem(at: source, to: destination)
        }
        probe.expectExists(source, false)
        probe.expectContents(of: destination, Data([1, 2, 3]))
        probe.expectFailure("moveItem(at: \(destination), to: \(taken)), which exists", naming: taken,
                            expected: .alreadyExists(path: taken)) { () throws(FileSystemError) in
            try probe.fileSystem.moveItem(at: destination, to: taken)
        }
        probe.expectContents(of: destination, Data([1, 2, 3]))
        probe.expectContents(of: taken, Data([9]))
        let missing = probe.path("absent"), target = probe.path("target")
        probe.expectAnyFailure("moveItem(at: \(missing), to: \(target)), a missing source") { () throws(FileSystemError) in
            try probe.fileSystem.moveItem(at: missing, to: target)
        }
        probe.expectExists(target, false)
    }

    /// How long a call on a FIFO may run before the contract calls it blocked: far longer than
    /// any non-blocking call takes, so only a call that waits for a writer reaches it.
    static let blockingBoundSeconds = 10.0
}
