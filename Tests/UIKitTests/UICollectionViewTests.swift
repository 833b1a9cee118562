import Foundation
import Testing
@testable import UIKit

/// UICollectionView with a flow layout: rows that wrap, visible items asked for, selection.
@Suite struct UICollectionViewTests {
    final class PhotoCell: UICollectionViewCell {
        let label = UILabel()
    }

    final class Grid: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var asked: [IndexPath] = []
        var selected: [IndexPath] = []
        var wide: IndexPath?
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 30 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            asked.append(indexPath)
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
            (cell as? PhotoCell)?.label.text = "Photo \(indexPath.item)"
            return cell
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                            sizeForItemAt indexPath: IndexPath) -> CGSize {
            indexPath == wide ? CGSize(width: 393, height: 60) : (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
        }
    }

    private func grid(height: CGFloat = 300, direction: UICollectionView.ScrollDirection = .vertical) -> (UICollectionView, Grid) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 120, height: 120)
        layout.scrollDirection = direction
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 393, height: height), collectionViewLayout: layout)
        view.register(PhotoCell.self, forCellWithReuseIdentifier: "Photo")
        let grid = Grid()
        view.dataSource = grid
        view.delegate = grid
        return (view, grid)
    }

    @Test func itemsWrapIntoRowsAndOnlyTheVisibleOnesAreAskedFor() {
        let (view, grid) = grid()
        view.layoutIfNeeded()
        #expect(grid.asked == (0..<9).map { IndexPath(item: $0, section: 0) }, "three rows of three fit 300 points")
        let frames = view.visibleCells.prefix(4).map(\.frame)
        #expect(frames.map(\.minX) == [0, 130, 260, 0])
        #expect(frames.map(\.minY) == [0, 0, 0, 130])
        #expect(view.visibleCells.allSatisfy { $0 is PhotoCell }, "the registered class")
        #expect(view.contentSize.height == CGFloat(10 * 120 + 9 * 10), "ten rows and the nine spaces between them")
    }

    @Test func theDelegatesSizeWins() {
        let (view, grid) = grid()
        grid.wide = IndexPath(item: 1, section: 0)
        view.layoutIfNeeded()
        let frames = view.visibleCells.prefix(3).map(\.frame)
        #expect(frames[1] == CGRect(x: 0, y: 130, width: 393, height: 60), "a wide item goes on a row of its own")
        #expect(frames[2].minY == 200)
    }

    @Test func aTapSelectsOneItem() {
        let (view, grid) = grid()
        view.layoutIfNeeded()
        _ = view.visibleCells[4].performTap()
        _ = view.visibleCells[2].performTap()
        #expect(grid.selected == [IndexPath(item: 4, section: 0), IndexPath(item: 2, section: 0)])
        #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        #expect(view.visibleCells.filter(\.isSelected).count == 1)
    }

    @Test func aDragScrollsTheGridAndAsksForTheRowsNowInView() {
        let (view, grid) = grid()
        view.layoutIfNeeded()
        grid.asked = []
        #expect(view.scroll(byX: 0, y: 260), "a finger dragged up 260 points")
        #expect(view.contentOffset.y == 260)
        #expect(grid.asked.first == IndexPath(item: 6, section: 0), "the third row is the first in view now: \(grid.asked)")
        #expect(view.visibleCells.first?.frame.minY == 0)
        #expect(view.scroll(byX: 0, y: 10_000), "as far as the content goes")
        #expect(view.contentOffset.y == CGFloat(10 * 120 + 9 * 10) - 300)
        #expect(!view.scroll(byX: 0, y: 50), "past the end nothing moves")
        #expect(!view.scroll(byX: 200, y: 0), "a vertical grid does not move sideways")
    }

    /// A strip of photos: `scrollDirection = .horizontal` lays the items in columns that wrap at
    /// the collection's height, and a sideways drag scrolls it.
    @Test func aHorizontalLayoutFillsColumnsAndScrollsSideways() {
        let (view, grid) = grid(height: 250, direction: .horizontal)
        view.layoutIfNeeded()
        #expect(grid.asked.count == 8, "two items a column, four columns begin within 393 points: \(grid.asked)")
        let frames = view.visibleCells.prefix(4).map(\.frame)
        #expect(frames.map(\.minX) == [0, 0, 130, 130])
        #expect(frames.map(\.minY) == [0, 130, 0, 130])
        #expect(view.contentSize.width == CGFloat(15 * 120 + 14 * 10), "fifteen columns and the spaces between them")
        grid.asked = []
        #expect(view.scroll(byX: 390, y: 0))
        #expect(view.contentOffset.x == 390)
        #expect(grid.asked.first == IndexPath(item: 6, section: 0), "the fourth column, at 390, is the first in view: \(grid.asked)")
        #expect(!view.scroll(byX: 0, y: 100), "a horizontal strip does not move up")
    }
}
