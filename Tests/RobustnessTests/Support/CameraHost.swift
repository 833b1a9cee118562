import Apps
import Core
import Platform
import PhotoSimTesting
import Simulator

/// PhotoBlobs launched on a temporary iPhone 15 in `folder`, with camera access granted: the app
/// the camera-image tests hand their photos to.
func launchedCameraApp(in folder: TemporaryFolder) throws -> AppHost {
    let world = World(seed: 1)
    let device = try RuntimeDevice.temporary(deviceType: "iPhone 15", folder: folder.path, definition: PhotoBlobs.definition,
                                             world: world, fileSystem: POSIXFileSystem())
    device.privacy[.camera] = .granted
    let host = AppHost(definition: PhotoBlobs.definition, device: device, world: world)
    try host.launch()
    return host
}
