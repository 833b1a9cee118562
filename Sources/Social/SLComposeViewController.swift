// `import Social` brings UIKit with it, as Apple's Social does.
@_exported import UIKit

// The services' identifiers, as SLServiceTypes.h spells them.
public let SLServiceTypeTwitter = "com.apple.social.twitter"
public let SLServiceTypeFacebook = "com.apple.social.facebook"
public let SLServiceTypeSinaWeibo = "com.apple.social.sinaweibo"
public let SLServiceTypeTencentWeibo = "com.apple.social.tencentweibo"
public let SLServiceTypeLinkedIn = "com.apple.social.linkedin"

/// Apple: `SLComposeViewControllerResult` (SLComposeViewController.h: cancelled 0, done 1).
public enum SLComposeViewControllerResult: Int, Sendable {
    case cancelled = 0
    case done = 1
}

/// Apple: `SLComposeViewControllerCompletionHandler`.
public typealias SLComposeViewControllerCompletionHandler = (SLComposeViewControllerResult) -> Void

/// The system's sheet that posts text, images and links to a social service (Apple: Social ›
/// SLComposeViewController). iOS 11 removed the system's Twitter, Facebook, Sina Weibo, Tencent
/// Weibo and LinkedIn accounts, so on the runtimes PhotoSim has (iOS 15 and later) no service
/// is available, as on a device, unless a scenario's `socialServices` header makes one so
/// (docs/photos.md, "Sharing"). The sheet, titled with the service's name, shows the initial
/// text, the images and the links with Cancel and Post; either dismisses the sheet, then calls
/// `completionHandler` on the main thread.
open class SLComposeViewController: UIViewController {
    /// The service this sheet posts to.
    public let serviceType: String!
    /// Called once, after the sheet is dismissed, with how the user left it.
    open var completionHandler: SLComposeViewControllerCompletionHandler!
    private var initialText = ""
    private var images: [UIImage] = []
    private var urls: [URL] = []
    private var completed = false

    private static let names = [SLServiceTypeTwitter: "Twitter", SLServiceTypeFacebook: "Facebook",
                                SLServiceTypeSinaWeibo: "Sina Weibo", SLServiceTypeTencentWeibo: "Tencent Weibo",
                                SLServiceTypeLinkedIn: "LinkedIn"]

    /// Whether the service can be posted to now: the device has its account.
    open class func isAvailable(forServiceType serviceType: String!) -> Bool {
        serviceType.map { DeviceAnswers.socialServices.contains($0) } ?? false
    }

    /// A sheet for `serviceType`; nil for a service the system does not know.
    public init!(forServiceType serviceType: String!) {
        guard let serviceType, Self.names[serviceType] != nil else { return nil }
        self.serviceType = serviceType
        super.init(nibName: nil, bundle: nil)
        title = Self.names[serviceType]
        modalPresentationStyle = .formSheet
    }

    public required init?(coder: NSCoder) {
        serviceType = nil
        super.init(coder: coder)
    }

    /// Sets the text the post starts with; false once the sheet is on screen, as Apple's.
    @discardableResult
    open func setInitialText(_ text: String!) -> Bool {
        guard presentingViewController == nil else { return false }
        initialText = text ?? ""
        return true
    }

    @discardableResult
    open func add(_ image: UIImage!) -> Bool {
        guard presentingViewController == nil, let image else { return false }
        images.append(image)
        return true
    }

    @discardableResult
    open func add(_ url: URL!) -> Bool {
        guard presentingViewController == nil, let url else { return false }
        urls.append(url)
        return true
    }

    @discardableResult
    open func removeAllImages() -> Bool {
        guard presentingViewController == nil else { return false }
        images.removeAll()
        return true
    }

    @discardableResult
    open func removeAllURLs() -> Bool {
        guard presentingViewController == nil else { return false }
        urls.removeAll()
        return true
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let width = view.bounds.width - 40
        var y: CGFloat = 100
        let text = UILabel(frame: CGRect(x: 20, y: y, width: width, height: 30))
        text.text = initialText
        text.accessibilityIdentifier = "text"
        view.addSubview(text)
        y += 40
        for image in images {
            let shown = UIImageView(frame: CGRect(x: 20, y: y, width: 72, height: 72))
            shown.image = image
            shown.contentMode = .scaleAspectFill
            view.addSubview(shown)
            y += 80
        }
        for url in urls {
            let link = UILabel(frame: CGRect(x: 20, y: y, width: width, height: 30))
            link.text = url.absoluteString
            view.addSubview(link)
            y += 40
        }
        let cancel = UIButton(type: .system, primaryAction: UIAction(title: "Cancel") { [weak self] _ in self?.complete(.cancelled) })
        cancel.frame = CGRect(x: 20, y: 56, width: 80, height: 44)
        cancel.accessibilityIdentifier = "cancel"
        let post = UIButton(type: .system, primaryAction: UIAction(title: "Post") { [weak self] _ in self?.complete(.done) })
        post.frame = CGRect(x: view.bounds.width - 100, y: 56, width: 80, height: 44)
        post.accessibilityIdentifier = "post"
        view.addSubview(cancel)
        view.addSubview(post)
    }

    /// A scenario's `back`: the sheet's Cancel.
    package func cancelSheet() { complete(.cancelled) }

    /// The sheet goes, then the handler hears how; only the first tap counts.
    private func complete(_ result: SLComposeViewControllerResult) {
        guard !completed else { return }
        completed = true
        let handler = completionHandler
        dismiss(animated: true) { handler?(result) }
    }
}
extension SLComposeViewController: CancellableSheet {}
