import Core

/// `SLComposeViewController`: the system sheet that posts text, images and links to a social
/// service.
///
/// Ask ``isAvailable(forServiceType:environment:)`` first; an app shows its own dialog when the
/// service is not. The sheet shows the text, the images and the links with Cancel and Post; either
/// dismisses the sheet, then calls ``completionHandler`` with the result (the seed app never
/// dismisses it, so the sheet must go by itself).
///
/// ```swift
/// guard ComposeViewController.isAvailable(forServiceType: .twitter, environment: environment) else { ... }
/// let sheet = ComposeViewController(serviceType: .twitter, environment: environment)
/// sheet.setInitialText("A photo from my library.")
/// sheet.addImage(image)
/// sheet.completionHandler = { [weak self] result in try self?.record(result) }
/// try present(sheet)
/// ```
public final class ComposeViewController: Screen {
    public let serviceType: ComposeServiceType
    public private(set) var initialText = ""
    public private(set) var images: [Bitmap] = []
    public private(set) var urls: [String] = []
    /// Called once, after the sheet is dismissed, with how the user left it.
    public var completionHandler: ((ComposeResult) throws -> Void)?
    private var isCompleted = false

    public init(serviceType: ComposeServiceType, environment: AppEnvironment) {
        self.serviceType = serviceType
        super.init(environment: environment)
    }

    /// `isAvailableForServiceType(_:)`.
    public static func isAvailable(forServiceType serviceType: ComposeServiceType, environment: AppEnvironment) -> Bool {
        environment.isComposeServiceAvailable(serviceType)
    }

    /// `setInitialText(_:)`.
    @discardableResult
    public func setInitialText(_ text: String) -> Bool {
        initialText = text
        return true
    }

    /// `add(_ image:)`.
    @discardableResult
    public func addImage(_ image: Bitmap) -> Bool {
        images.append(image)
        return true
    }

    /// `add(_ url:)`.
    @discardableResult
    public func addURL(_ url: String) -> Bool {
        urls.append(url)
        return true
    }

    public override var title: String { serviceType.displayName }
    public override var appleClassName: String? { "SLComposeViewController" }

    public override var elements: [Element] {
        var shown = [Element(kind: .label, label: initialText, identifier: "text")]
        for image in images {
            shown.append(Element(kind: .image, label: "\(image.width)x\(image.height)",
                                 image: DisplayedImage(bitmap: image, widthPoints: 72, heightPoints: 72)))
        }
        for url in urls { shown.append(Element(kind: .label, label: url)) }
        shown.append(Element(kind: .navigationButton, label: "Cancel", identifier: "cancel") { [unowned self] in
            try self.complete(.cancelled)
        })
        shown.append(Element(kind: .navigationButton, label: "Post", identifier: "post") { [unowned self] in
            try self.complete(.done)
        })
        return shown
    }

    /// Leaves the sheet with `result`: dismisses it, then calls ``completionHandler``. Only the
    /// first completion counts.
    public func complete(_ result: ComposeResult) throws {
        guard !isCompleted else { return }
        isCompleted = true
        try dismiss(animated: true)
        try completionHandler?(result)
    }
}
