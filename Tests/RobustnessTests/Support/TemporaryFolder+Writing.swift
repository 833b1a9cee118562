import Core
import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
final class ScratchFolder {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "/photosim-robustness-XXXXXX").utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed: errno \(errno)")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? POSIXFileSystem().removeItem(at: path)
    }

    /// A path inside the folder.
    func appending(_ component: String) -> String {
        path + "/" + component
    }

    /// Writes `data` to `relative` inside the folder, creating folders on the way; returns its path.
    @discardableResult
    func write(_ data: Data, to relative: String) throws -> String {
        let path = appending(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: data) else { throw CocoaError(.fileWriteUnknown) }
        return path
    }
}
