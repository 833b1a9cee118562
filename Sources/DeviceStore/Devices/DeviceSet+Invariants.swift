import Core

extension DeviceSet {
    /// Cross-checks the set against its disk: every record is self-consistent and every
    /// installed app's bundle and data container exist. Returns the problems found (empty when
    /// the set is sound); traps on a record that contradicts itself, which only a bug can write.
    public func checkInvariants() throws(DeviceSetError) -> [String] {
        var problems: [String] = []
        for device in try devices() where !device.state.isUnfinished {
            device.record.checkInvariants()
            for app in device.record.installedApplications {
                let bundle = device.paths.bundleContainerPath(app.bundleContainerIdentifier)
                    .appendingPathComponent(app.bundleFolderName).appendingPathComponent("Info.plist")
                let data = device.paths.dataContainerPath(app.dataContainerIdentifier)
                for path in [bundle, data] where !fileSystem.fileExists(at: path) {
                    problems.append("\(device.udid): \(app.bundleIdentifier) is missing \(path)")
                }
            }
        }
        return problems
    }
}
