/// The window system an app's screens ask to move them: the host implements it.
///
/// Apps call it through ``Screen``'s methods. Every call that can crash the app (presenting a
/// picker it may not use) throws an ``AppTermination``.
public protocol ScreenContainer: AnyObject {
    func present(_ screen: Screen, from presenter: Screen, style: PresentationStyle, animated: Bool) throws
    func dismiss(from screen: Screen, animated: Bool) throws
    func presentedScreen(of screen: Screen) -> Screen?
    func presentingScreen(of screen: Screen) -> Screen?
    func push(_ screen: Screen, from: Screen, animated: Bool) throws
    func pop(from screen: Screen, animated: Bool) throws
    func deselect(_ identifier: String, in screen: Screen)
    func endEditing(in screen: Screen)
    /// What a system screen (a picker) shows; the host draws those.
    func systemElements(of screen: Screen) -> [Element]
}
