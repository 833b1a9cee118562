import Core
import Foundation
import Platform

extension DeviceSet {
    /// Installs the `.app` folder at `bundlePath` on a booted device, as `simctl install` does.
    ///
    /// The bundle is copied into a new bundle container (a fresh UUID folder, as on iOS, where
    /// every install gets a new one); a new app gets a new data container laid out as the
    /// reference apps' are, and a reinstalled app keeps its data container and its files, as an
    /// update on iOS does. A running copy of the app is terminated. Nothing changes when the bundle
    /// is refused (``InstallError``) or the copy fails: the record names the new bundle only
    /// once it is complete, and the old bundle goes last.
    @discardableResult
    public func install(_ selector: DeviceSelector, bundlePath: String) throws(DeviceSetError) -> InstalledApplicationRecord {
        let bundle: AppBundle
        do { bundle = try AppBundle.read(at: bundlePath, fileSystem: fileSystem) } catch { throw .install(error) }
        return try withLock(exclusive: true) { () throws(DeviceSetError) -> InstalledApplicationRecord in
            let device = try device(selector)
            guard device.state == .booted else { throw .wrongState(.appLookup, state: device.state) }
            var record = device.record
            let previous = record.installedApplication(bundle.bundleIdentifier)
            let installed = InstalledApplicationRecord(
                bundleIdentifier: bundle.bundleIdentifier, bundleFolderName: bundle.folderName,
                bundleContainerIdentifier: containerRandom.makeUUID().uuidString.uppercased(),
                dataContainerIdentifier: previous?.dataContainerIdentifier ?? containerRandom.makeUUID().uuidString.uppercased())
            try placeBundle(bundle, as: installed, paths: device.paths, isNew: previous == nil)
            record.installedApplications.removeAll { $0.bundleIdentifier == bundle.bundleIdentifier }
            record.installedApplications.append(installed)
            record.installedApplications.sort { $0.bundleIdentifier < $1.bundleIdentifier }
            record.runningApplications[bundle.bundleIdentifier.rawValue] = nil
            try write(record, to: device.paths)
            if let previous { try removeItem(device.paths.bundleContainerPath(previous.bundleContainerIdentifier)) }
            try appendInstallationLog(MobileInstallationLog.installLines(
                bundleIdentifier: bundle.bundleIdentifier, bundleVersion: bundle.bundleVersion, shortVersion: bundle.shortVersion,
                bundleContainerPath: device.paths.bundleContainerPath(installed.bundleContainerIdentifier),
                dataContainerPath: device.paths.dataContainerPath(installed.dataContainerIdentifier), at: clock.now),
                paths: device.paths)
            return installed
        }
    }

    /// Uninstalls an app (a reference app too) from a booted device: its bundle and data
    /// containers go, and a running copy is terminated. An app that is not installed is no error
    /// and changes nothing: Apple's `simctl uninstall` exits 0 for it, which scripts that
    /// uninstall before installing rely on.
    public func uninstall(_ selector: DeviceSelector, bundleIdentifier bundle: BundleIdentifier) throws(DeviceSetError) {
        try withLock(exclusive: true) { () throws(DeviceSetError) in
            let device = try device(selector)
            guard device.state == .booted else { throw .wrongState(.appLookup, state: device.state) }
            guard let installed = device.record.installedApplication(bundle) else { return }
            var record = device.record
            record.installedApplications.removeAll { $0.bundleIdentifier == bundle }
            record.runningApplications[bundle.rawValue] = nil
            try write(record, to: device.paths)
            try removeItem(device.paths.bundleContainerPath(installed.bundleContainerIdentifier))
            try removeItem(device.paths.dataContainerPath(installed.dataContainerIdentifier))
            try appendInstallationLog(MobileInstallationLog.uninstallLines(bundleIdentifier: bundle, at: clock.now),
                                      paths: device.paths)
        }
    }

    /// Copies the bundle into its new container and, for a new app, makes its data container.
    /// A copy that fails removes what it made.
    private func placeBundle(_ bundle: AppBundle, as installed: InstalledApplicationRecord, paths: DevicePaths,
                             isNew: Bool) throws(DeviceSetError) {
        let container = paths.bundleContainerPath(installed.bundleContainerIdentifier)
        do {
            try copyFolder(bundle.path, to: container.appendingPathComponent(bundle.folderName))
            try writeContainerMetadata(bundle.bundleIdentifier, to: container)
            if isNew { try createDataContainer(at: paths.dataContainerPath(installed.dataContainerIdentifier), for: bundle.bundleIdentifier) }
        } catch {
            try? fileSystem.removeItem(at: container)
            if isNew { try? fileSystem.removeItem(at: paths.dataContainerPath(installed.dataContainerIdentifier)) }
            throw error
        }
    }

    /// Copies a folder's files and folders, refusing anything else (a symbolic link could point
    /// outside the bundle).
    private func copyFolder(_ source: String, to destination: String) throws(DeviceSetError) {
        try createFolder(destination)
        let names: [String]
        do { names = try fileSystem.contentsOfDirectory(at: source) } catch { throw .fileSystem(error) }
        for name in names {
            let from = source.appendingPathComponent(name)
            let status: FileStatus?
            do { status = try fileSystem.statusOfItem(at: from) } catch { throw .fileSystem(error) }
            switch status?.kind {
            case .directory?: try copyFolder(from, to: destination.appendingPathComponent(name))
            case .regularFile?:
                let data: Data
                do { data = try fileSystem.contents(of: from) } catch { throw .fileSystem(error) }
                try writeFile(data, to: destination.appendingPathComponent(name))
                // The executable stays runnable; nothing else becomes so.
                if status?.isExecutable == true {
                    do { try fileSystem.setExecutable(true, at: destination.appendingPathComponent(name)) } catch { throw .fileSystem(error) }
                }
            case let kind?: throw .install(.unsupportedItem(path: from, kind: kind))
            case nil: throw .fileSystem(.notFound(path: from))
            }
        }
    }
}
