import Core
import Foundation

extension DeviceSet {
    /// Where this set keeps its profile bundles.
    public var profilePaths: ProfilePaths { ProfilePaths(setPath: path) }

    /// Writes the profile bundles of every catalogue device type and runtime (``ProfilePaths``)
    /// where a file is missing or differs: idempotent, each file written atomically, files that
    /// are already right are only read. `list --json` calls it before printing their paths.
    public func ensureProfiles() throws(DeviceSetError) {
        let paths = profilePaths
        var bundles = catalogue.deviceTypes.map { ProfileBundle.deviceType($0, paths: paths) }
        bundles += catalogue.runtimes.map { ProfileBundle.runtime($0, paths: paths) }
        for bundle in bundles {
            for filePath in bundle.files.keys.sorted() {
                try ensureFile(bundle.files[filePath]!.encodedXML(), at: filePath)
            }
        }
    }

    /// Writes `data` to `filePath` (creating its folder) unless the file already holds it.
    private func ensureFile(_ data: Data, at filePath: String) throws(DeviceSetError) {
        if let existing = try? fileSystem.contents(of: filePath), existing == data { return }
        try createFolder(filePath.deletingLastPathComponent)
        try writeFile(data, to: filePath)
    }
}
