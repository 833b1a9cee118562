import Foundation
import PhotoSimTesting

extension TemporaryFolder {
    /// Writes `data` to `relative` inside the folder, creating folders on the way; returns its path.
    @discardableResult
    func write(_ data: Data, to relative: String) throws -> String {
        let path = appending(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: path, contents: data) else { throw CocoaError(.fileWriteUnknown) }
        return path
    }
}
