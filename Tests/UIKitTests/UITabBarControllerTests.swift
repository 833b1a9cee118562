import Foundation
import Testing
import UIKit

/// A tab bar controller's controllers as Apple documents setting them, and a cell's content view
/// as code written for iOS frames its subviews from it.
@Suite struct UITabBarControllerTests {
    @Test func settingViewControllersKeepsTheSelectedControllerWhereverItMoved() {
        let (first, second, third) = (UIViewController(), UIViewController(), UIViewController())
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second, third]
        #expect(tabs.selectedIndex == 0)
        tabs.selectedViewController = third
        tabs.viewControllers = [third, first]
        #expect(tabs.selectedViewController === third, "the previous selection, reselected at its new index")
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.children.count == 2 && second.parent == nil, "a controller dropped from the tabs is no child any more")
    }

    @Test func aSelectionThatLeftIsTheSameIndexElseTheFirst() {
        let controllers = (0..<3).map { _ in UIViewController() }
        let tabs = UITabBarController()
        tabs.setViewControllers(controllers, animated: false)
        tabs.selectedIndex = 1
        let replacement = UIViewController()
        tabs.viewControllers = [controllers[0], replacement, controllers[2]]
        #expect(tabs.selectedViewController === replacement, "the same index as the previous selection")
        tabs.selectedIndex = 2
        tabs.viewControllers = [UIViewController()]
        #expect(tabs.selectedIndex == 0, "an index past the new controllers selects the first")
    }

    @Test func aCellsContentViewIsTheCellsSizeBeforeAnyLayout() {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        #expect(cell.frame == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(cell.contentView.bounds.size == CGSize(width: 320, height: 44))
        let inset = cell.contentView.bounds.insetBy(dx: 16, dy: 4)
        #expect(!inset.isNull && inset.width == 288)
    }
}
