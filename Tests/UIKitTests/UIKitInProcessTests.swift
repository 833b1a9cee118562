import Foundation
import Testing
import UIKit

/// UIKit's parts that need no app process: what a table asks its data source, the raw values
/// and derived texts Apple defines.
@Suite struct UIKitInProcessTests {
    final class Rows: NSObject, UITableViewDataSource {
        var asked: [IndexPath] = []
        let count: Int
        init(count: Int) { self.count = count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            asked.append(indexPath)
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
    }

    final class PlainCell: UITableViewCell {
        var made = "yes"
    }

    @Test func aTableAsksOnlyForTheRowsItShows() {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 393, height: 440), style: .plain)
        table.register(PlainCell.self, forCellReuseIdentifier: "Row")
        let rows = Rows(count: 100)
        table.dataSource = rows
        table.layoutIfNeeded()
        #expect(rows.asked == (0..<10).map { IndexPath(row: $0, section: 0) }, "ten rows of 44 points fill 440")
        #expect(table.visibleCells.allSatisfy { $0 is PlainCell }, "a registered subclass is what the table makes")
        #expect((table.visibleCells.first as? PlainCell)?.made == "yes")
        #expect(table.contentSize.height == 4400, "the whole content, as UIScrollView's contentSize")
        table.reloadData()
        table.layoutIfNeeded()
        #expect(rows.asked.count == 20, "a reload asks again")
    }

    @Test func indexPathsHaveRowsAndSections() {
        var path = IndexPath(row: 3, section: 1)
        #expect(path.row == 3 && path.section == 1 && path.item == 3)
        path.row = 4
        #expect(path == IndexPath(item: 4, section: 1))
    }

    @Test func aCellReadsAsItsLabelsAndAButtonAsItsTitle() {
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        cell.textLabel?.text = "Beach"
        cell.detailTextLabel?.text = "12 May"
        #expect(cell.accessibilityLabel == "Beach, 12 May")
        cell.accessibilityLabel = "Photo"
        #expect(cell.accessibilityLabel == "Photo")
        #expect(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel == nil)
        let button = UIButton(type: .system)
        button.setTitle("Save", for: .normal)
        #expect(button.accessibilityLabel == "Save")
        button.isEnabled = false
        #expect(button.currentTitle == "Save", "the normal title stands in for the disabled state")
    }

    @Test func aCellMakesItsImageViewOnFirstUseExceptInValue2AndPutsItsLabelsAfterTheImage() throws {
        #expect(UITableViewCell(style: .value2, reuseIdentifier: nil).imageView == nil, "value2 shows no image")
        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
        let imageView = try #require(cell.imageView)
        #expect(cell.imageView === imageView, "made once")
        #expect(imageView.superview === cell.contentView)
        cell.layoutSubviews()
        #expect(cell.textLabel?.frame.minX == 16, "no image: the labels keep the leading margin")
        imageView.image = UIGraphicsImageRenderer(size: CGSize(width: 60, height: 60)).image { _ in }
        cell.layoutSubviews()
        #expect(imageView.frame == CGRect(x: 16, y: 0, width: 44, height: 44), "no taller than the row")
        #expect(cell.textLabel?.frame.minX == 76 && cell.detailTextLabel?.frame.minX == 76)
    }

    @Test func rawValuesAreApples() {
        #expect(UIModalPresentationStyle.automatic.rawValue == -2)
        #expect(UIModalPresentationStyle.popover.rawValue == 7)
        #expect(UIControl.Event.touchUpInside.rawValue == 64)
        #expect(UIControl.Event.primaryActionTriggered.rawValue == 8192)
        #expect(UIApplication.State.background.rawValue == 2)
        #expect(UIAlertController.Style.alert.rawValue == 1)
        #expect(UIAlertAction.Style.destructive.rawValue == 2)
        #expect(UIBarButtonItem.SystemItem.trash.rawValue == 16)
        #expect(UITableViewCell.CellStyle.subtitle.rawValue == 3)
        #expect(UIApplication.didReceiveMemoryWarningNotification.rawValue == "UIApplicationDidReceiveMemoryWarningNotification")
        #expect(UIImagePickerController.SourceType.camera.rawValue == 1)
        #expect(UIImagePickerController.InfoKey.originalImage.rawValue == "UIImagePickerControllerOriginalImage")
        #expect(UIImagePickerController.InfoKey.imageURL.rawValue == "UIImagePickerControllerImageURL")
        #expect(UIImage.Orientation.right.rawValue == 3)
    }

    @Test func aPopoverControllerExistsOnlyForThePopoverStyle() {
        let controller = UIViewController()
        #expect(controller.popoverPresentationController == nil)
        controller.modalPresentationStyle = .popover
        #expect(controller.popoverPresentationController != nil)
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        #expect(sheet.modalPresentationStyle == .popover)
    }
}

/// UIView `hitTest(_:with:)` and `point(inside:with:)` as Apple documents them.
@Suite struct HitTestingTests {
    private func container() -> (UIView, UIView, UIView) {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let lower = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let upper = UIView(frame: CGRect(x: 100, y: 100, width: 150, height: 150))
        root.addSubview(lower)
        root.addSubview(upper)
        return (root, lower, upper)
    }

    @Test func theTopMostDeepestViewIsHit() {
        let (root, lower, upper) = container()
        let inner = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        upper.addSubview(inner)
        #expect(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === lower)
        #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === upper, "the later subview is on top")
        #expect(root.hitTest(CGPoint(x: 115, y: 115), with: nil) === inner, "the farthest descendant")
        #expect(root.hitTest(CGPoint(x: 280, y: 20), with: nil) === root)
        #expect(root.hitTest(CGPoint(x: 300, y: 20), with: nil) == nil, "the far edge is outside")
    }

    @Test func hiddenTransparentAndNonInteractiveViewsAreNotHit() {
        for change in [{ (view: UIView) in view.isHidden = true }, { $0.alpha = 0.005 }, { $0.isUserInteractionEnabled = false }] {
            let (root, lower, upper) = container()
            change(upper)
            #expect(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === lower, "the touch goes to the view under it")
        }
        #expect(UILabel().isUserInteractionEnabled == false && UIImageView(image: nil).isUserInteractionEnabled == false,
                "labels and image views disregard touches by default")
        #expect(UIView().isUserInteractionEnabled && UIButton(type: .system).isUserInteractionEnabled)
    }

    @Test func aSubviewOutsideItsSuperviewsBoundsIsNotHitThere() {
        let (root, lower, _) = container()
        let outside = UIView(frame: CGRect(x: 180, y: 250, width: 60, height: 60))
        lower.addSubview(outside)
        #expect(root.hitTest(CGPoint(x: 190, y: 260), with: nil) === root, "lower's bounds end at 200")
        #expect(root.hitTest(CGPoint(x: 50, y: 190), with: nil) === lower)
    }

    @Test func aScrolledViewHitsItsContentWhereItIsShown() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let row = UIView(frame: CGRect(x: 0, y: 150, width: 100, height: 40))
        root.addSubview(row)
        #expect(root.hitTest(CGPoint(x: 50, y: 20), with: nil) === root)
        root.bounds.origin.y = 140
        #expect(root.hitTest(CGPoint(x: 50, y: 160), with: nil) === row, "scrolled by 140, the row shows at 10–50")
        #expect(root.convert(CGPoint(x: 0, y: 150), to: nil) == CGPoint(x: 0, y: 10))
        #expect(root.convert(CGPoint(x: 0, y: 10), from: nil) == CGPoint(x: 0, y: 150))
    }

    final class Inset: UIView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            bounds.insetBy(dx: -20, dy: -20).contains(point)
        }
    }

    @Test func anOverriddenPointInsideWidensTheTarget() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let button = Inset(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
        root.addSubview(button)
        #expect(root.hitTest(CGPoint(x: 90, y: 90), with: nil) === button)
        #expect(UIEvent().type == .touches && UIEvent.EventType.presses.rawValue == 3)
    }
}
