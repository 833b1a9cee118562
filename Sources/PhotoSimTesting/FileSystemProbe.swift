#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation

/// One ``FileSystemContract`` rule's view of the file system under test: the folder it works
/// in, the calls it makes, and the violations found so far.
///
/// Every call goes through ``step(_:_:)`` or ``expectFailure(_:naming:expected:_:)``, so an
/// unexpected error becomes a violation instead of ending the check.
final class FileSystemProbe {
    let fileSystem: FileSystem
    let folder: String
    private(set) var violations: [String] = []
    /// True when the rule's folder, created through the file system under test, is on the real
    /// disk, so the checks may make symbolic links and FIFOs in it with POSIX calls.
    private(set) var isDiskBacked = false

    init(fileSystem: FileSystem, folder: String) {
        self.fileSystem = fileSystem
        self.folder = folder
    }

    /// A path inside the rule's folder.
    func path(_ relativePath: String) -> String {
        folder.appendingPathComponent(relativePath)
    }

    /// Creates the rule's folder; `false` (and a violation) when even that fails.
    func prepareFolder() -> Bool {
        let created = step("createDirectory(\(folder))") { () throws(FileSystemError) in try fileSystem.createDirectory(at: folder) } != nil
        var info = stat()
        isDiskBacked = created && lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        return created
    }

    /// Records a violation unless `holds`.
    func expect(_ holds: Bool, _ message: @autoclosure () -> String) {
        if !holds { violations.append(message()) }
    }

    /// Runs a call that must succeed: its value, or `nil` and a violation naming the error.
    @discardableResult
    func step<Value>(_ call: String, _ body: () throws(FileSystemError) -> Value) -> Value? {
        do {
            return try body()
        } catch {
            violations.append("\(call) threw \(Self.show(error))")
            return nil
        }
    }

    /// Runs a call that must fail with an error naming `path`: exactly `expected` when given,
    /// otherwise any real failure (`.failed` with a non-zero `errno`, never `.simulatedCrash`).
    func expectFailure(_ call: String, naming path: String, expected: FileSystemError? = nil,
                       _ body: () throws(FileSystemError) -> Void) {
        do {
            try body()
            violations.append("\(call) succeeded; it must fail")
        } catch {
            if let expected, error != expected {
                violations.append("\(call) threw \(Self.show(error)); expected \(Self.show(expected))")
            } else if let problem = Self.problem(with: error, naming: path) {
                violations.append("\(call) threw \(Self.show(error)): \(problem)")
            }
        }
    }

    // MARK: - Calls with their checks

    /// Writes `data` to `path`, recording a failure.
    func write(_ data: Data, to path: String) {
        step("writeAtomically(\(Self.show(data)), to: \(path))") { () throws(FileSystemError) in
            try fileSystem.writeAtomically(data, to: path)
        }
    }

    /// Checks that `path` reads back as `data` and has its size.
    func expectContents(of path: String, _ data: Data) {
        if let read = step("contents(of: \(path))", { () throws(FileSystemError) in try fileSystem.contents(of: path) }) {
            expect(read == data, "contents(of: \(path)) gave \(Self.show(read)); \(Self.show(data)) were written")
        }
        if let size = step("sizeOfItem(at: \(path))", { () throws(FileSystemError) in try fileSystem.sizeOfItem(at: path) }) {
            expect(size == data.count, "sizeOfItem(at: \(path)) is \(size); \(data.count) bytes were written")
        }
    }

    /// Checks that listing `path` gives exactly `names`, in that order.
    func expectListing(of path: String, _ names: [String]) {
        let listed = step("contentsOfDirectory(at: \(path))") { () throws(FileSystemError) in
            try fileSystem.contentsOfDirectory(at: path)
        }
        if let listed {
            expect(listed == names, "contentsOfDirectory(at: \(path)) gave \(listed); expected \(names)")
        }
    }

    /// Checks what `fileExists(at:)` says about `path`.
    func expectExists(_ path: String, _ exists: Bool) {
        expect(fileSystem.fileExists(at: path) == exists, "fileExists(at: \(path)) is \(!exists)")
    }

    // MARK: - Describing

    /// What is wrong with `error` as a report of a failure at `path`, or `nil`.
    private static func problem(with error: FileSystemError, naming path: String) -> String? {
        switch error {
        case .simulatedCrash:
            return "a real file system never crashes on purpose"
        case .failed(_, _, let code) where code == 0:
            return "errno is 0, so nobody can tell what went wrong"
        default:
            return error.path == path ? nil : "it names \"\(error.path)\", not \"\(path)\""
        }
    }

    static func show(_ error: FileSystemError) -> String {
        "\"\(error.description)\""
    }

    /// A byte count, with the bytes themselves when there are few.
    static func show(_ data: Data) -> String {
        let bytes = data.count == 1 ? "1 byte" : "\(data.count) bytes"
        return data.count <= 8 ? "\(bytes) \(Array(data))" : bytes
    }
}

extension FileSystemError {
    /// The path the error names, whatever its case.
    var path: String {
        switch self {
        case .notFound(let path), .noSpace(let path), .permissionDenied(let path): return path
        case .failed(_, let path, _), .simulatedCrash(_, let path): return path
        case .notRegularFile(let path, _), .tooLarge(let path, _, _), .alreadyExists(let path),
             .changedWhileReading(let path), .invalidPath(let path): return path
        }
    }
}
