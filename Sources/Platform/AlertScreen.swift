/// `UIAlertController`: an alert or an action sheet with buttons.
///
/// Title and message may be nil (an action sheet often has neither). Tapping an action
/// dismisses the alert, then calls the action's handler.
///
/// ```swift
/// let sheet = AlertScreen(title: nil, message: nil, preferredStyle: .actionSheet, environment: environment)
/// sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
/// sheet.addAction(AlertAction(title: "Take Photo") { [weak self] _ in try self?.takePhoto() })
/// try present(sheet)
/// ```
public final class AlertScreen: Screen {
    /// `UIAlertController.Style`.
    public enum Style: String, Sendable {
        case actionSheet
        case alert
    }

    public let alertTitle: String?
    public let message: String?
    public let preferredStyle: Style
    public private(set) var actions: [AlertAction] = []
    /// Where an action sheet points when it is a popover (an iPad's): the element it comes from
    /// (`popoverPresentationController?.barButtonItem` or `sourceView`). An action sheet
    /// presented on an iPad without one ends the app with UIKit's `NSGenericException`.
    public var popoverAnchor: String?

    public init(title: String?, message: String?, preferredStyle: Style, environment: AppEnvironment) {
        self.alertTitle = title
        self.message = message
        self.preferredStyle = preferredStyle
        super.init(environment: environment)
    }

    public override var title: String { alertTitle ?? "" }
    public override var appleClassName: String? { "UIAlertController" }

    public func addAction(_ action: AlertAction) {
        actions.append(action)
    }

    /// The actions as an action sheet lays them out: the cancel action last.
    public var orderedActions: [AlertAction] {
        actions.filter { $0.style != .cancel } + actions.filter { $0.style == .cancel }
    }

    public override var elements: [Element] {
        var shown: [Element] = []
        if let alertTitle { shown.append(Element(kind: .label, label: alertTitle)) }
        if let message { shown.append(Element(kind: .label, label: message)) }
        for action in orderedActions {
            shown.append(Element(kind: .button, label: action.title, identifier: action.style == .cancel ? "cancel" : nil) {
                [unowned self] in
                try self.dismiss(animated: true)
                try action.handler?(action)
            })
        }
        return shown
    }
}

/// One button of an ``AlertScreen``.
public struct AlertAction {
    /// `UIAlertAction.Style`.
    public enum Style: String, Sendable {
        case `default`
        case cancel
        case destructive
    }

    public let title: String
    public let style: Style
    public let handler: ((AlertAction) throws -> Void)?

    public init(title: String, style: Style = .default, handler: ((AlertAction) throws -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}
