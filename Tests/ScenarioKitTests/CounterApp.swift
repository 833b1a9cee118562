import Platform

/// A team's own app for these tests, defined as a team would: one screen whose Count button adds
/// one to the label, and a Details screen that, launched with `leaky: true`, is kept alive by an
/// observer that captures it.
enum CounterApp {
    static let definition = AppDefinition(bundleIdentifier: "com.example.Counter", displayName: "Counter") {
        CounterDelegate(environment: $0)
    }
}

/// The delegate: the counter in a navigation stack.
final class CounterDelegate: Application {
    let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    func didFinishLaunching() throws -> WindowContent {
        .navigation(root: CounterScreen(environment: environment))
    }
}

/// `Count: N`, Count, Details.
final class CounterScreen: Screen {
    var count = 0

    override var title: String { "Counter" }

    override var elements: [Element] {
        [
            Element(kind: .label, label: "Count: \(count)", identifier: "count"),
            Element(kind: .button, label: "Count") { [unowned self] in self.count += 1 },
            Element(kind: .button, label: "Details") { [unowned self] in
                try self.push(CounterDetailsScreen(environment: self.environment))
            },
        ]
    }
}

/// A pushed screen; leaks with `leaky: true`.
final class CounterDetailsScreen: Screen {
    private var observation: NotificationObservation?

    override var title: String { "Details" }

    override func viewDidLoad() throws {
        guard environment.launchArguments["leaky"] == "true" else { return }
        observation = environment.notificationCenter.addObserver(forName: .didEnterBackground, registrant: self) { _ in
            _ = self.title
        }
    }
}
