import Core
import Foundation
import Scenarios

/// A suite held in memory: the scenario loader's files without a disk, so a fuzzer can load
/// hundreds of thousands of scenarios a minute and leaves nothing behind.
struct InMemoryScenarioFiles: ScenarioFiles {
    /// File contents by absolute path; every folder above a file exists.
    let files: [String: Data]

    private var folders: Set<String> {
        var folders: Set<String> = ["/"]
        for path in files.keys {
            var folder = path.deletingLastPathComponent
            while folder != "/" && !folder.isEmpty {
                folders.insert(folder)
                folder = folder.deletingLastPathComponent
            }
        }
        return folders
    }

    func kind(of path: String) -> ScenarioFileKind? {
        let path = Self.normalized(path)
        if files[path] != nil { return .file }
        return folders.contains(path) ? .folder : nil
    }

    func entryKind(of path: String) -> FileKind? {
        switch kind(of: path) {
        case .file?: return .regularFile
        case .folder?: return .directory
        case .special(let kind)?: return kind
        case nil: return nil
        }
    }

    func contents(ofRegularFile path: String, limitBytes: Int) throws(FileSystemError) -> Data {
        guard let data = files[Self.normalized(path)] else {
            throw folders.contains(Self.normalized(path)) ? .notRegularFile(path: path, kind: .directory) : .notFound(path: path)
        }
        guard data.count <= limitBytes else { throw .tooLarge(path: path, sizeBytes: data.count, limitBytes: limitBytes) }
        return data
    }

    func contentsOfFolder(at path: String) throws -> [String] {
        let prefix = Self.normalized(path) == "/" ? "/" : Self.normalized(path) + "/"
        let names = (files.keys.map { $0 } + folders.map { $0 })
            .filter { $0.hasPrefix(prefix) && $0.count > prefix.count }
            .map { String($0.dropFirst(prefix.count).split(separator: "/")[0]) }
        return Set(names).sorted()
    }

    func resolvingSymbolicLinks(_ path: String) -> String? {
        kind(of: path) == nil ? nil : Self.normalized(path)
    }

    /// `path` with `.` and `..` steps and doubled slashes resolved, as the disk would.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}

extension String {
    /// The path without its last component (`/a/b` gives `/a`; `/a` gives `/`).
    var deletingLastPathComponent: String {
        guard let slash = lastIndex(of: "/") else { return "" }
        return slash == startIndex ? "/" : String(self[..<slash])
    }
}
