import Foundation

/// The screen's geometry (Apple: UIKit › UIScreen). `main` has the launched device type's
/// size in points and scale (an iPhone 15: 393 × 852 at 3x).
open class UIScreen: NSObject {
    nonisolated(unsafe) private static let mainScreen = UIScreen()
    open class var main: UIScreen { mainScreen }

    open internal(set) var bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
    open internal(set) var scale: CGFloat = 3
    open var nativeScale: CGFloat { scale }
    open var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }
    /// Where content starts under the status bar (the top safe-area inset of a notched iPhone
    /// in portrait; 20 on an iPad or a home-button iPhone).
    package var safeAreaTop: CGFloat = 47
    /// What the home indicator keeps clear at the bottom (34 on an iPhone without a home
    /// button, 20 on an iPad, none on a home-button iPhone), above which a toolbar sits.
    package var safeAreaBottom: CGFloat = 34
}

/// The app's window (Apple: UIKit › UIWindow): its root controller's view, and the views of what
/// that controller presents, on top.
open class UIWindow: UIView {
    open var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            oldValue?.viewIfLoaded?.removeFromSuperview()
            if isKeyWindow { installRootView() }
        }
    }
    open var windowLevel: UIWindow.Level = .normal
    open internal(set) var isKeyWindow = false

    /// Apple: `UIWindow.Level` (normal 0, statusBar 1000, alert 2000).
    public struct Level: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = Level(0)
        public static let statusBar = Level(1000)
        public static let alert = Level(2000)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// Shows the window and makes it the key window; its root controller's view loads
    /// (`viewDidLoad()` now; the appearance callbacks when UIKit next lays out the screen).
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    open func makeKey() {
        let application = UIApplication.shared
        application.keyWindow?.isKeyWindow = false
        isKeyWindow = true
        if !application.windows.contains(where: { $0 === self }) { application.windows.append(self) }
        installRootView()
    }

    private func installRootView() {
        guard let root = rootViewController else { return }
        let content = root.view!
        content.frame = bounds
        if content.superview !== self { insertSubview(content, at: 0) }
    }

    /// Puts the views of the presented controllers on top of the root's, in order, and takes
    /// away those no longer presented.
    func layoutPresentations() {
        guard let root = rootViewController else { return }
        let presented = root.presentationChain
        // A full-screen presentation takes the views under it off the window once it is shown,
        // as UIKit does; sheets, popovers and alerts leave them.
        let covering = presented.lastIndex { $0.resolvedPresentationStyle.coversPresenter }
        let shown = ([root] + presented).dropFirst(covering.map { $0 + 1 } ?? 0)
        let wanted = shown.map { $0.view! }
        for view in subviews where !wanted.contains(where: { $0 === view }) && view.owningViewController != nil {
            view.removeFromSuperview()
        }
        for (index, view) in wanted.enumerated() {
            if view.superview !== self || subviews.firstIndex(where: { $0 === view }) != index {
                view.frame = bounds
                insertSubview(view, at: index)
            }
        }
    }

    override var elementKind: String { "window" }
}
