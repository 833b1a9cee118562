import Core
import Foundation
import Platform

extension DeviceSet {
    /// Lays out a fresh device's data: the standard folders, the set's ``apps`` (each logged to
    /// `mobile_installation.log.0` as installd logs an install) and the stock photos. Used by
    /// `create` and `erase` (erase removes the old log with the data).
    func provision(_ record: inout DeviceRecord) throws(DeviceSetError) {
        let paths = DevicePaths(setPath: path, udid: record.udid)
        for folder in [paths.dataPath, paths.logPath, paths.privacyPath.deletingLastPathComponent,
                       paths.dataPath.appendingPathComponent("Library/Preferences")] {
            try createFolder(folder)
        }
        var logLines: [String] = []
        for app in apps {
            let installed = try install(app, paths: paths)
            record.installedApplications.append(installed)
            logLines += MobileInstallationLog.installLines(
                bundleIdentifier: app.bundleIdentifier, bundleVersion: app.bundleVersion, shortVersion: app.shortVersion,
                bundleContainerPath: paths.bundleContainerPath(installed.bundleContainerIdentifier),
                dataContainerPath: paths.dataContainerPath(installed.dataContainerIdentifier), at: clock.now)
        }
        record.installedApplications.sort { $0.bundleIdentifier < $1.bundleIdentifier }
        try appendInstallationLog(logLines, paths: paths)
        try provisionMedia(paths: paths)
    }

    /// Writes an app's bundle (with its `Info.plist`) and an empty data container.
    private func install(_ app: AppDefinition, paths: DevicePaths) throws(DeviceSetError) -> InstalledApplicationRecord {
        let installed = InstalledApplicationRecord(
            bundleIdentifier: app.bundleIdentifier, bundleFolderName: app.bundleFolderName,
            bundleContainerIdentifier: containerRandom.makeUUID().uuidString.uppercased(),
            dataContainerIdentifier: containerRandom.makeUUID().uuidString.uppercased())
        let bundleContainer = paths.bundleContainerPath(installed.bundleContainerIdentifier)
        let bundlePath = bundleContainer.appendingPathComponent(app.bundleFolderName)
        try createFolder(bundlePath)
        try writeFile(PropertyListValue.dictionary(app.bundleInfoPlist).encodedXML(), to: bundlePath.appendingPathComponent("Info.plist"))
        try writeContainerMetadata(app.bundleIdentifier, to: bundleContainer)

        try createDataContainer(at: paths.dataContainerPath(installed.dataContainerIdentifier), for: app.bundleIdentifier)
        return installed
    }

    /// An app's empty data container: the folders iOS gives every app, and the metadata naming its owner.
    func createDataContainer(at dataContainer: String, for bundleIdentifier: BundleIdentifier) throws(DeviceSetError) {
        for folder in DevicePaths.dataContainerFolders {
            try createFolder(dataContainer.appendingPathComponent(folder))
        }
        try writeContainerMetadata(bundleIdentifier, to: dataContainer)
    }

    /// CoreSimulator marks each container with `.com.apple.mobile_container_manager.metadata.plist`
    /// naming its owner in `MCMMetadataIdentifier` (tools such as SimPholders read it to map a
    /// container folder back to its app); we write the same.
    func writeContainerMetadata(_ bundleIdentifier: BundleIdentifier, to container: String) throws(DeviceSetError) {
        let metadata = PropertyListValue.dictionary(["MCMMetadataIdentifier": .string(bundleIdentifier.rawValue)])
        try writeFile(metadata.encodedXML(), to: container.appendingPathComponent(".com.apple.mobile_container_manager.metadata.plist"))
    }
}
