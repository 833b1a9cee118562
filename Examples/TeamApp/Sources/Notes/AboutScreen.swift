import Platform

/// What the app is. With `leakyAbout: true` it observes memory warnings capturing itself
/// strongly and never removes the observer, so it outlives its closing.
final class AboutScreen: Screen {
    private var observation: NotificationObservation?

    override var title: String { "About" }

    override var elements: [Element] {
        [Element(kind: .label, label: "Notes 1.0", identifier: "version")]
    }

    override func viewDidLoad() throws {
        guard environment.launchArguments["leakyAbout"] == "true" else { return }
        observation = environment.notificationCenter.addObserver(forName: .didReceiveMemoryWarning, registrant: self) { _ in
            _ = self.title
        }
    }
}
