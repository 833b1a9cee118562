import CAppWorld

/// The file work iOS's own processes do for an app (the picker's copy of a photo, an item
/// provider's file, the photo library moving a file it takes), which UIKit does here inside the
/// app's process: the disk faults a scenario gives the app do not reach it (docs/faults.md).
package enum SystemFiles {
    package static func work<Result>(_ body: () throws -> Result) rethrows -> Result {
        photosim_faults_pause(1)
        defer { photosim_faults_pause(0) }
        return try body()
    }
}
