import UIKit

/// Where a touch lands: a button under a loading overlay that goes away after three seconds, a
/// button with a label drawn over it, which lets the touch through to the button, a pad that
/// follows its touches itself, as a view placing a tag on a photo does, and a strip of twenty
/// items that scrolls sideways, as a row of thumbnails does.
final class TouchViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
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
        let pad = TouchPad(frame: CGRect(x: 20, y: 400, width: 300, height: 200))
        pad.accessibilityIdentifier = "pad"
        let padLabel = UILabel(frame: CGRect(x: 20, y: 610, width: 350, height: 30))
        padLabel.accessibilityIdentifier = "padTouches"
        padLabel.text = "no touches"
        pad.report = { padLabel.text = $0 }
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 80, height: 80)
        let strip = UICollectionView(frame: CGRect(x: 0, y: 650, width: 393, height: 90), collectionViewLayout: layout)
        strip.accessibilityIdentifier = "strip"
        strip.contentInsetAdjustmentBehavior = .never
        strip.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Thumbnail")
        strip.dataSource = self
        strip.delegate = self
        for subview in [touchedLabel, covered, overlay, beneath, over, pad, padLabel, strip] { view.addSubview(subview) }
        Timer.scheduledTimer(withTimeInterval: 3, repeats: false) { [weak self] _ in
            self?.overlay.removeFromSuperview()
        }
    }
}

extension TouchViewController {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 20 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Thumbnail", for: indexPath)
        cell.accessibilityLabel = "Thumbnail \(indexPath.item)"
        return cell
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        touchedLabel.text = "thumbnail \(indexPath.item)"
    }
}

/// A view that follows its own touches (UIResponder's touch methods) and says what they were,
/// in its own coordinates.
final class TouchPad: UIView {
    var report: ((String) -> Void)?
    private var moves = 0
    private var began = CGPoint.zero

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        began = touch.location(in: self)
        moves = 0
        report?("began \(Int(began.x)),\(Int(began.y))")
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        moves += 1
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        let end = touch.location(in: self)
        let count = event?.touches(for: self)?.count ?? 0
        report?("began \(Int(began.x)),\(Int(began.y)) moved \(moves) ended \(Int(end.x)),\(Int(end.y)) taps \(touch.tapCount) "
            + "touches \(count) phase \(touch.phase.rawValue)")
    }
}
