import UIKit

/// Where a touch lands: a button under a loading overlay that goes away after three seconds, and
/// a button with a label drawn over it, which lets the touch through to the button.
final class TouchViewController: UIViewController {
    private let touchedLabel = UILabel()
    private let overlay = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Touch"
        touchedLabel.text = "nothing"
        touchedLabel.accessibilityIdentifier = "touched"
        touchedLabel.frame = CGRect(x: 20, y: 120, width: 350, height: 30)
        let covered = UIButton(type: .system, primaryAction: UIAction(title: "Covered") { [weak self] _ in
            self?.touchedLabel.text = "covered"
        })
        covered.frame = CGRect(x: 20, y: 200, width: 150, height: 44)
        overlay.frame = CGRect(x: 0, y: 180, width: 393, height: 100)
        overlay.backgroundColor = .systemGray
        overlay.accessibilityIdentifier = "overlay"
        let loading = UILabel(frame: CGRect(x: 200, y: 30, width: 150, height: 40))
        loading.text = "Loading"
        overlay.addSubview(loading)
        let beneath = UIButton(type: .system, primaryAction: UIAction(title: "Beneath") { [weak self] _ in
            self?.touchedLabel.text = "beneath"
        })
        beneath.frame = CGRect(x: 20, y: 320, width: 150, height: 44)
        let over = UILabel(frame: CGRect(x: 20, y: 320, width: 150, height: 44))
        over.text = "Over the button"
        for subview in [touchedLabel, covered, overlay, beneath, over] { view.addSubview(subview) }
        Timer.scheduledTimer(withTimeInterval: 3, repeats: false) { [weak self] _ in
            self?.overlay.removeFromSuperview()
        }
    }
}
