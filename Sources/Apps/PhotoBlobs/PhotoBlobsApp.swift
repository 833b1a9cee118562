import Platform

/// The app delegate: one screen with Capture and Load.
final class PhotoBlobsApp: Application {
    let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    func didFinishLaunching() throws -> WindowContent {
        .navigation(root: BlobsScreen(environment: environment))
    }
}
