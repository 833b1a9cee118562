/// A view controller: a screen whose content is a list of ``Element``s computed from its state.
///
/// Apps subclass it, override ``elements`` and the lifecycle hooks, and move between screens
/// with ``push(_:animated:)``, ``present(_:style:animated:)`` and ``dismiss(animated:)``. The
/// window system (``ScreenContainer``) decides what is on screen; a screen only asks.
///
/// ```swift
/// final class HomeScreen: Screen {
///     override var elements: [Element] {
///         [Element(kind: .button, label: "Tag Location") { [unowned self] in try self.push(DetailsScreen(environment: self.environment)) }]
///     }
/// }
/// ```
open class Screen {
    /// The app's environment.
    public let environment: AppEnvironment
    /// The navigation bar title.
    open var title: String { "" }
    /// The UIKit class a system screen stands for (`UIImagePickerController`,
    /// `PHPickerViewController`, `UIAlertController`), which `assertPresented` also answers to, so
    /// one scenario names a system screen the same way in process and on an app process.
    open var appleClassName: String? { nil }

    public init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// What the screen shows now, top to bottom.
    open var elements: [Element] { [] }

    /// Once, before the screen first appears.
    open func viewDidLoad() throws {}
    /// Each time it is about to become visible.
    open func viewWillAppear() throws {}
    /// Each time it stopped being visible (popped, or covered by a full-screen presentation).
    open func viewDidDisappear() throws {}
    /// A memory warning reached the app: drop what can be rebuilt.
    open func didReceiveMemoryWarning() throws {}

    // MARK: - Presentation and navigation

    /// The screen this one presents, if any (`presentedViewController`).
    public var presentedScreen: Screen? { environment.screens.presentedScreen(of: self) }
    /// The screen that presents this one, if any (`presentingViewController`).
    public var presentingScreen: Screen? { environment.screens.presentingScreen(of: self) }

    /// Presents `screen` modally above this one.
    public func present(_ screen: Screen, style: PresentationStyle = .automatic, animated: Bool = true) throws {
        try environment.screens.present(screen, from: self, style: style, animated: animated)
    }

    /// Dismisses what this screen presents, or this screen itself when it presents nothing.
    public func dismiss(animated: Bool = true) throws {
        try environment.screens.dismiss(from: self, animated: animated)
    }

    /// Pushes `screen` on this screen's navigation stack.
    public func push(_ screen: Screen, animated: Bool = true) throws {
        try environment.screens.push(screen, from: self, animated: animated)
    }

    /// Pops the top of this screen's navigation stack.
    public func popScreen(animated: Bool = true) throws {
        try environment.screens.pop(from: self, animated: animated)
    }

    /// Clears the selection of the element with `identifier` (`deselectRow(at:animated:)`).
    public func deselect(_ identifier: String) {
        environment.screens.deselect(identifier, in: self)
    }

    /// Ends text editing on this screen (`resignFirstResponder`).
    public func endEditing() {
        environment.screens.endEditing(in: self)
    }
}
