import Core

extension DeviceSet {
    /// Creates the device's media folder. The media library fills it once it is wired in.
    func provisionMedia(paths: DevicePaths) throws(SimctlError) {
        try createFolder(paths.mediaPath)
    }
}
