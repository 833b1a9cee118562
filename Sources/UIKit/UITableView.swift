import Foundation

/// A scrollable view (Apple: UIKit › UIScrollView): its content's size and the offset shown.
open class UIScrollView: UIView {
    open var contentOffset: CGPoint = .zero
    open var contentSize: CGSize = .zero
    open var isScrollEnabled = true
    open var alwaysBounceVertical = false

    /// Insets the app adds around the content.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { setNeedsLayout() }
    }

    /// Apple: `UIScrollView.ContentInsetAdjustmentBehavior` (automatic 0, scrollableAxes 1,
    /// never 2, always 3).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0, scrollableAxes, never, always
    }

    /// Whether the content starts below what covers the scroll view (the status bar, a
    /// navigation bar): `.automatic` by default, as on iOS.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { setNeedsLayout() }
    }

    /// `contentInset` plus, unless the behaviour is `.never`, the part of the scroll view's top
    /// the status bar and a shown navigation bar cover (Apple: `adjustedContentInset`): a table
    /// of a controller in a navigation controller starts below the bar.
    open var adjustedContentInset: UIEdgeInsets {
        var inset = contentInset
        guard contentInsetAdjustmentBehavior != .never else { return inset }
        inset.top += coveredTop
        return inset
    }

    /// How far the status bar and the navigation bar of the enclosing navigation controller
    /// reach down into this view, in points.
    private var coveredTop: CGFloat {
        // Outside a window nothing covers it (no safe area).
        guard window != nil else { return 0 }
        var view: UIView? = self
        var navigation: UINavigationController?
        while let current = view, navigation == nil {
            navigation = current.owningViewController?.navigationController ?? current.owningViewController as? UINavigationController
            view = current.superview
        }
        let top = convert(bounds, to: nil).minY
        var covered = UIScreen.main.safeAreaTop
        if let navigation, !navigation.isNavigationBarHidden {
            covered = navigation.navigationBar.convert(navigation.navigationBar.bounds, to: nil).maxY
        }
        return max(0, covered - top)
    }

    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        self.contentOffset = contentOffset
    }

    /// Where the vertical offset goes when a finger drags the content `distance` points up: no
    /// further than the top, nor than where the content's end (and the bottom inset) meets the
    /// visible height's.
    func verticalOffset(draggedBy distance: CGFloat) -> CGFloat {
        let visibleHeight = bounds.height > 0 ? bounds.height : UIScreen.main.bounds.height
        let farthest = max(0, adjustedContentInset.top + contentSize.height - visibleHeight + adjustedContentInset.bottom)
        return min(max(contentOffset.y + distance, 0), farthest)
    }
}

/// The rows of a table (Apple: UIKit › UITableViewDataSource). `numberOfRowsInSection` and
/// `cellForRowAt` are required; the others are optional, with UIKit's defaults.
public protocol UITableViewDataSource: AnyObject {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
}

/// What a table asks and tells about its rows (Apple: UIKit › UITableViewDelegate); every
/// method optional, with UIKit's defaults.
public protocol UITableViewDelegate: AnyObject {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}

/// Rows in sections (Apple: UIKit › UITableView). The table asks its data source for the rows
/// it shows (those within its height, from the top: `tableView(_:cellForRowAt:)` runs for
/// visible rows only, as on iOS), reuses cells by identifier, and lays them out one under
/// another with the delegate's heights. A tap on a row asks `willSelectRowAt`, selects it and
/// calls `didSelectRowAt`; a swipe to the left on an editable row shows its Delete button, whose
/// tap calls `tableView(_:commit:forRowAt:)` with `.delete`.
open class UITableView: UIScrollView {
    /// Apple: `UITableView.Style` (plain 0, grouped 1, insetGrouped 2).
    public enum Style: Int, Sendable { case plain = 0, grouped = 1, insetGrouped = 2 }

    /// Apple: `UITableView.RowAnimation` (fade 0 … automatic 100).
    public enum RowAnimation: Int, Sendable {
        case fade = 0, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// Apple: `UITableView.automaticDimension` (-1); rows of that height are 44 points, the
    /// height of a default cell.
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    open weak var dataSource: UITableViewDataSource?
    open weak var delegate: UITableViewDelegate?
    open var rowHeight: CGFloat = UITableView.automaticDimension
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    open var allowsSelection = true
    open var isEditing = false
    open var tableHeaderView: UIView?
    open var tableFooterView: UIView?
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine

    open private(set) var indexPathForSelectedRow: IndexPath?
    private var reuse = CellReuse<UITableViewCell>()
    private var shown: [(indexPath: IndexPath, cell: UITableViewCell)] = []
    private var headers: [UILabel] = []
    private var needsReload = true
    /// The row whose Delete button a swipe revealed.
    var revealedDelete: IndexPath?

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
    }

    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        reuse.register(cellClass, for: identifier)
    }

    /// A reused cell with `identifier`, or nil when none is free and no class is registered.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        reuse.dequeue(identifier, owner: "table") { $0.prepareForReuse() }
    }

    /// A reused or new cell of the class registered for `identifier`; an identifier with no
    /// class registered raises UIKit's exception.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            AppProcessLoop.terminate(exception: "NSInternalInconsistencyException",
                                     reason: "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        return cell
    }

    open var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }

    open func numberOfRows(inSection section: Int) -> Int {
        dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
    }

    /// The cell shown for `indexPath`, nil when that row is not on screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutIfNeededForRows()
        return shown.first { $0.indexPath == indexPath }?.cell
    }

    open var visibleCells: [UITableViewCell] {
        layoutIfNeededForRows()
        return shown.map(\.cell)
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutIfNeededForRows()
        return shown.map(\.indexPath)
    }

    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        shown.first { $0.cell === cell }?.indexPath
    }

    open func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    /// Deletes rows whose data the app has removed; the number of rows must agree, as UIKit
    /// checks it.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        checkCount(change: -indexPaths.count, at: indexPaths, verb: "deleted")
    }

    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        checkCount(change: indexPaths.count, at: indexPaths, verb: "inserted")
    }

    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        reloadData()
    }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        reloadData()
        if let completion { AppProcessLoop.afterTransition { completion(true) } }
    }

    open func beginUpdates() {}
    open func endUpdates() { reloadData() }

    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        indexPathForSelectedRow = indexPath
        for (path, cell) in shown { cell.isSelected = path == indexPath }
    }

    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard indexPathForSelectedRow == indexPath else { return }
        indexPathForSelectedRow = nil
        cellForRow(at: indexPath)?.isSelected = false
    }

    /// Apple: `UITableView.ScrollPosition` (none 0, top 1, middle 2, bottom 3).
    public enum ScrollPosition: Int, Sendable { case none = 0, top, middle, bottom }

    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

    private var rowCounts: [Int] = []

    private func checkCount(change: Int, at indexPaths: [IndexPath], verb: String) {
        let section = indexPaths.first?.section ?? 0
        let before = section < rowCounts.count ? rowCounts[section] : 0
        let after = numberOfRows(inSection: section)
        if after != before + change {
            let count = abs(change)
            AppProcessLoop.terminate(exception: "NSInternalInconsistencyException", reason: """
                Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing \
                section after the update (\(after)) must be equal to the number of rows contained in that section before the \
                update (\(before)), plus or minus the number of rows inserted or deleted from that section \
                (\(change > 0 ? count : 0) inserted, \(change < 0 ? count : 0) deleted) and plus or minus the number of rows \
                moved into or out of that section (0 moved in, 0 moved out).
                """)
        }
        if revealedDelete.map({ indexPaths.contains($0) }) == true { revealedDelete = nil }
        if let selected = indexPathForSelectedRow, indexPaths.contains(selected) { indexPathForSelectedRow = nil }
        reloadData()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutIfNeededForRows()
    }

    /// The top inset the rows were laid out below.
    private var laidOutTop: CGFloat?

    /// Asks the data source for the rows within the table's height and lays their cells out,
    /// from the top of the adjusted content inset.
    func layoutIfNeededForRows() {
        let top = adjustedContentInset.top
        guard needsReload || laidOutTop != top else { return }
        needsReload = false
        laidOutTop = top
        for (_, cell) in shown { reuse.recycle(cell, identifier: cell.reuseIdentifier) }
        shown = []
        for header in headers { header.removeFromSuperview() }
        headers = []
        guard let dataSource else { rowCounts = []; return }
        let sections = dataSource.numberOfSections(in: self)
        rowCounts = (0..<max(0, sections)).map { dataSource.tableView(self, numberOfRowsInSection: $0) }
        var y: CGFloat = top + (tableHeaderView?.bounds.height ?? 0)
        let visibleHeight = bounds.height > 0 ? bounds.height : UIScreen.main.bounds.height
        for section in 0..<rowCounts.count {
            if let title = dataSource.tableView(self, titleForHeaderInSection: section) {
                let header = UILabel(frame: CGRect(x: 16, y: y - contentOffset.y, width: bounds.width - 32, height: 28))
                header.text = title
                header.accessibilityTraits = .header
                addSubview(header)
                headers.append(header)
                y += 28
            }
            for row in 0..<rowCounts[section] {
                let indexPath = IndexPath(row: row, section: section)
                var height = delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
                if height < 0 { height = 44 }
                // Only the rows within the table's bounds have cells, as UITableView keeps only
                // those; the others count towards the content's height.
                guard y - contentOffset.y < visibleHeight, y + height - contentOffset.y > 0 else {
                    y += height
                    continue
                }
                let cell = dataSource.tableView(self, cellForRowAt: indexPath)
                cell.frame = CGRect(x: 0, y: y - contentOffset.y, width: bounds.width, height: height)
                cell.isSelected = indexPathForSelectedRow == indexPath
                cell.showsDelete = revealedDelete == indexPath
                delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
                addSubview(cell)
                shown.append((indexPath, cell))
                y += height
            }
        }
        contentSize = CGSize(width: bounds.width, height: y - top)
    }

    /// A finger dragged `distance` points up the table (down when negative), as a swipe moves
    /// it: the content follows, no further than its ends; false when it did not move.
    func scroll(by distance: CGFloat) -> Bool {
        guard isScrollEnabled else { return false }
        layoutIfNeededForRows()
        let offset = verticalOffset(draggedBy: distance)
        guard offset != contentOffset.y else { return false }
        contentOffset.y = offset
        needsReload = true
        layoutIfNeededForRows()
        return true
    }

    /// A tap on the cell of `indexPath`.
    func tapRow(_ indexPath: IndexPath) {
        if revealedDelete != nil {
            revealedDelete = nil
            reloadData()
            return
        }
        guard allowsSelection, !isEditing else { return }
        let chosen: IndexPath? = delegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
        guard let target = chosen else { return }
        if let previous = indexPathForSelectedRow, previous != target {
            deselectRow(at: previous, animated: false)
            delegate?.tableView(self, didDeselectRowAt: previous)
        }
        selectRow(at: target, animated: false, scrollPosition: .none)
        delegate?.tableView(self, didSelectRowAt: target)
    }

    /// A swipe to the left on the cell of `indexPath`: its Delete button, if the row can be edited.
    func swipeRow(_ indexPath: IndexPath) -> Bool {
        guard dataSource?.tableView(self, canEditRowAt: indexPath) ?? false,
              (delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) == .delete else { return false }
        revealedDelete = indexPath
        reloadData()
        return true
    }

    func commitDelete(_ indexPath: IndexPath) {
        revealedDelete = nil
        dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
        reloadData()
    }

    override var elementKind: String { "table" }
}
