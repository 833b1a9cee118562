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
