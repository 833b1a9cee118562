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

    private func grid(height: CGFloat = 300) -> (UICollectionView, Grid) {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 120, height: 120)
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
}
