import Core
import Foundation

/// A fresh folder under the system temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory().appendingPathComponent("photosim-core-XXXXXX")).utf8CString)
        let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(created != nil, "mkdtemp failed: errno \(errno)")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        try? POSIXFileSystem().removeItem(at: path)
    }

    /// A path inside the folder.
    func appending(_ component: String) -> String {
        path.appendingPathComponent(component)
    }
}
