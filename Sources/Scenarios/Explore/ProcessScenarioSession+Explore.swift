import AppChannel
import Core

/// What exploration sees of an app in its own process: its last settled step (nothing is asked
/// of the app when nothing was sent since), the library's size and the armed crash points.
extension ProcessScenarioSession {
    struct ExploreSnapshot {
        /// `active`, `inactive`, `background`, or nil when no process runs.
        let applicationState: String?
        let tree: ElementNode?
        let presentations: [Presentation]
        let systemAlert: String?
        /// The camera is allowed: UIKit's camera shows an image only then (undecided, it has
        /// asked or will ask; denied, it shows none).
        let cameraGranted: Bool
        let libraryCount: Int
        let armedCrashPoints: Set<String>
    }

    func exploreSnapshot() -> ExploreSnapshot {
        let settled = isRunning ? try? look() : nil
        return ExploreSnapshot(applicationState: settled?.applicationState, tree: settled?.tree,
                               presentations: settled?.presentations ?? [], systemAlert: settled?.systemAlert,
                               cameraGranted: cameraAccess == true, libraryCount: (try? mediaLibrary.assets().count) ?? 0,
                               armedCrashPoints: Set(pendingCrashPoints.keys))
    }
}
