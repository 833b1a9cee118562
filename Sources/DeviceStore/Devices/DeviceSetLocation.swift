import Core

/// Where the default device set lives when `--set` is not given.
///
/// In order: the folder named by `PHOTOSIM_DEVICE_SET`; `$XDG_DATA_HOME/photosim/Devices`;
/// `$HOME/.photosim/Devices`. Apple's default is `~/Library/Developer/CoreSimulator/Devices`,
/// which has no meaning on Linux.
public enum DeviceSetLocation {
    /// The environment variable that names the device set.
    public static let environmentVariable = "PHOTOSIM_DEVICE_SET"

    /// The default set folder for an environment; `nil` when none of the variables is set.
    /// `PHOTOSIM_DEVICE_SET` set but empty is refused, as an empty `--set` is, rather than
    /// silently falling back to another set.
    public static func defaultPath(environment: [String: String]) throws(DeviceSetError) -> String? {
        if let path = environment[environmentVariable] {
            guard !path.isEmpty else {
                throw .emptySetVariable(environmentVariable)
            }
            return path
        }
        if let dataHome = environment["XDG_DATA_HOME"], !dataHome.isEmpty {
            return dataHome.appendingPathComponent("photosim/Devices")
        }
        if let home = environment["HOME"], !home.isEmpty { return home.appendingPathComponent(".photosim/Devices") }
        return nil
    }

    /// The set a command uses: `given` (its `--set`), else ``defaultPath(environment:)``, made
    /// absolute against `currentFolder`; `nil` when neither names one.
    public static func chosenPath(given: String?, environment: [String: String],
                                  currentFolder: String) throws(DeviceSetError) -> String? {
        var chosen = given
        if chosen == nil { chosen = try defaultPath(environment: environment) }
        guard let path = chosen else { return nil }
        return path.hasPrefix("/") ? path : currentFolder.appendingPathComponent(path)
    }
}
