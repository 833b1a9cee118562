import Core
import DeviceStore

extension DeviceSet {
    /// The listing `simctl list` prints for a section and search term, with the errors of the
    /// device records that could not be read (those devices are left out of the listing).
    public func listing(section: DeviceListing.Section?, searchTerm: String?) throws(DeviceSetError) -> DeviceListing {
        let scan = try scan()
        var listing = DeviceListing(catalogue: catalogue, devices: scan.devices, profiles: profilePaths,
                                    section: section, searchTerm: searchTerm)
        listing.unreadableRecords = scan.unreadable.sorted { $0.key < $1.key }.map(\.value)
        return listing
    }

    /// The bytes of the files under a device's data and log folders (`dataPathSize` and
    /// `logPathSize` in `list --json`; Apple counts allocated blocks, we count file sizes).
    public func diskUsage(of device: Device) -> DeviceListing.DiskUsage {
        DeviceListing.DiskUsage(dataBytes: bytes(under: device.paths.dataPath), logBytes: bytes(under: device.paths.logPath))
    }

    /// Sums file sizes below a folder; unreadable entries count as empty (a size is a hint).
    private func bytes(under folder: String) -> Int {
        guard let names = try? fileSystem.contentsOfDirectory(at: folder) else {
            return (try? fileSystem.sizeOfItem(at: folder)) ?? 0
        }
        return names.reduce(0) { total, name in total + bytes(under: folder.appendingPathComponent(name)) }
    }
}
