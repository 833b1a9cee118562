import Foundation

/// The items of a collection (Apple: UIKit › UICollectionViewDataSource); the first two are
/// required, `numberOfSections(in:)` defaults to 1.
public protocol UICollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
}

/// What a collection tells and asks about its items (Apple: UIKit › UICollectionViewDelegate).
public protocol UICollectionViewDelegate: AnyObject {
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
}

/// Sizes a flow layout asks its collection's delegate for (Apple: UIKit ›
/// UICollectionViewDelegateFlowLayout); without them, the layout's own.
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                               sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
    }
}

/// Apple: UIKit › UICollectionViewLayout (the abstract layout).
open class UICollectionViewLayout: NSObject {
    weak var collectionView: UICollectionView?
}

/// Items in lines that wrap (Apple: UIKit › UICollectionViewFlowLayout; defaults are UIKit's:
/// items of 50 × 50, 10 points between items and between lines, no insets): rows that wrap at
/// the collection's width and scroll vertically, or with `scrollDirection = .horizontal`
/// columns that wrap at its height and scroll sideways, as a strip of photos does.
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Apple: `UICollectionView.ScrollDirection` (vertical 0, horizontal 1).
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    open var itemSize = CGSize(width: 50, height: 50)
    open var minimumInteritemSpacing: CGFloat = 10
    open var minimumLineSpacing: CGFloat = 10
    open var sectionInset = UIEdgeInsets.zero
    open var estimatedItemSize: CGSize = .zero
}

/// Apple: `UIEdgeInsets`.
public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// A cell of a collection (Apple: UIKit › UICollectionViewCell): its `contentView` holds what
/// it shows; a tap selects its item.
open class UICollectionViewCell: UIView {
    public let contentView = UIView()
    open var isSelected = false
    open var isHighlighted = false
    open internal(set) var reuseIdentifier: String?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// Called before the collection hands the cell out again; the default does nothing.
    open func prepareForReuse() {}

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    open override var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? false }
        set { explicitIsAccessibilityElement = newValue }
    }

    override var elementKind: String { "cell" }
    override var isTappable: Bool { true }

    override func performTap() -> Bool {
        guard let collection = superview as? UICollectionView, let indexPath = collection.indexPath(for: self) else { return false }
        collection.tapItem(indexPath)
        return true
    }
}

/// Items laid out by a flow layout (Apple: UIKit › UICollectionView): the collection asks its
/// data source for the items within its height (as on iOS, `cellForItemAt` runs for visible
/// items only), reuses cells by identifier, and selects an item on a tap (`shouldSelectItemAt`,
/// then `didSelectItemAt`; a selected item tapped again stays selected, as with
/// `allowsMultipleSelection` off).
open class UICollectionView: UIScrollView {
    /// Apple: `UICollectionView.ScrollDirection` (vertical 0, horizontal 1).
    public enum ScrollDirection: Int, Sendable { case vertical = 0, horizontal = 1 }
    /// Apple: `UICollectionView.ScrollPosition` (an option set; `[]` is none).
    public struct ScrollPosition: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
    }

    open var collectionViewLayout: UICollectionViewLayout
    open weak var dataSource: UICollectionViewDataSource?
    open weak var delegate: UICollectionViewDelegate?
    open var allowsSelection = true
    open var allowsMultipleSelection = false
    open private(set) var indexPathsForSelectedItems: [IndexPath]? = []

    private var reuse = CellReuse<UICollectionViewCell>()
    private var shown: [(indexPath: IndexPath, cell: UICollectionViewCell)] = []
    private var needsReload = true

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        reuse.register(cellClass, for: identifier)
    }

    /// A reused cell, or a new one of the class registered for `identifier` (made with
    /// `init?(coder:)`, docs/uikit.md); an identifier with no class registered raises UIKit's
    /// exception.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let cell = reuse.dequeue(identifier, owner: "collection", prepare: { $0.prepareForReuse() }) else {
            AppProcessLoop.terminate(exception: "NSInternalInconsistencyException",
                                     reason: "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        guard cell.reuseIdentifier == nil else { return cell }
        cell.reuseIdentifier = identifier
        cell.frame = CGRect(origin: .zero, size: (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero)
        return cell
    }

    open var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }

    open func numberOfItems(inSection section: Int) -> Int {
        dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
    }

    open func reloadData() {
        needsReload = true
        setNeedsLayout()
    }

    open func insertItems(at indexPaths: [IndexPath]) { reloadData() }
    open func deleteItems(at indexPaths: [IndexPath]) {
        indexPathsForSelectedItems?.removeAll { indexPaths.contains($0) }
        reloadData()
    }
    open func reloadItems(at indexPaths: [IndexPath]) { reloadData() }

    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        reloadData()
        if let completion { AppProcessLoop.afterTransition { completion(true) } }
    }

    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutItemsIfNeeded()
        return shown.first { $0.indexPath == indexPath }?.cell
    }

    open var visibleCells: [UICollectionViewCell] {
        layoutItemsIfNeeded()
        return shown.map(\.cell)
    }

    open var indexPathsForVisibleItems: [IndexPath] {
        layoutItemsIfNeeded()
        return shown.map(\.indexPath)
    }

    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        shown.first { $0.cell === cell }?.indexPath
    }

    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            indexPathsForSelectedItems = []
            for (_, cell) in shown { cell.isSelected = false }
            return
        }
        if !allowsMultipleSelection { indexPathsForSelectedItems = [] }
        if !(indexPathsForSelectedItems ?? []).contains(indexPath) { indexPathsForSelectedItems?.append(indexPath) }
        for (path, cell) in shown { cell.isSelected = indexPathsForSelectedItems?.contains(path) ?? false }
    }

    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        indexPathsForSelectedItems?.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutItemsIfNeeded()
    }

    /// The top inset the items were laid out below.
    private var laidOutTop: CGFloat?

    /// Lays the items out in lines (``UICollectionViewFlowLayout``) and asks the data source for
    /// those within the collection's bounds as scrolled.
    func layoutItemsIfNeeded() {
        let top = adjustedContentInset.top
        guard needsReload || laidOutTop != top else { return }
        needsReload = false
        laidOutTop = top
        for (_, cell) in shown { reuse.recycle(cell, identifier: cell.reuseIdentifier) }
        shown = []
        guard let dataSource else { return }
        let flow = collectionViewLayout as? UICollectionViewFlowLayout ?? UICollectionViewFlowLayout()
        let flowDelegate = delegate as? UICollectionViewDelegateFlowLayout
        let width = bounds.width > 0 ? bounds.width : UIScreen.main.bounds.width
        let height = bounds.height > 0 ? bounds.height : UIScreen.main.bounds.height
        let horizontal = flow.scrollDirection == .horizontal
        // Along a line (x in a row, y in a column) and across lines; `limit` is where a line wraps.
        let limit = horizontal ? height - top : width
        var across: CGFloat = horizontal ? 0 : top
        for section in 0..<max(0, dataSource.numberOfSections(in: self)) {
            let (lineStart, lineEnd) = horizontal ? (flow.sectionInset.top, flow.sectionInset.bottom)
                                                  : (flow.sectionInset.left, flow.sectionInset.right)
            across += horizontal ? flow.sectionInset.left : flow.sectionInset.top
            var along = lineStart
            var lineDepth: CGFloat = 0
            for item in 0..<dataSource.collectionView(self, numberOfItemsInSection: section) {
                let indexPath = IndexPath(item: item, section: section)
                let size = flowDelegate?.collectionView(self, layout: flow, sizeForItemAt: indexPath) ?? flow.itemSize
                let (length, depth) = horizontal ? (size.height, size.width) : (size.width, size.height)
                if along > lineStart, along + length > limit - lineEnd {
                    along = lineStart
                    across += lineDepth + flow.minimumLineSpacing
                    lineDepth = 0
                }
                let origin = horizontal ? CGPoint(x: across - contentOffset.x, y: top + along)
                                        : CGPoint(x: along, y: across - contentOffset.y)
                // Only items in view are asked for: those scrolled past are not.
                if horizontal ? origin.x < width && origin.x + size.width > 0 : origin.y < height && origin.y + size.height > 0 {
                    let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
                    cell.frame = CGRect(origin: origin, size: size)
                    cell.isSelected = indexPathsForSelectedItems?.contains(indexPath) ?? false
                    addSubview(cell)
                    shown.append((indexPath, cell))
                }
                along += length + flow.minimumInteritemSpacing
                lineDepth = max(lineDepth, depth)
            }
            across += lineDepth + (horizontal ? flow.sectionInset.right : flow.sectionInset.bottom)
        }
        contentSize = horizontal ? CGSize(width: across, height: height - top) : CGSize(width: width, height: across - top)
    }

    /// A finger's drag of `dx`, `dy` points (the content moves the other way): the collection
    /// scrolls along its layout's direction, as far as its content reaches, and lays out the
    /// items now in view; false when it could not move.
    func scroll(byX dx: CGFloat, y dy: CGFloat) -> Bool {
        guard isScrollEnabled else { return false }
        layoutItemsIfNeeded()
        let horizontal = (collectionViewLayout as? UICollectionViewFlowLayout)?.scrollDirection == .horizontal
        if horizontal {
            let visible = bounds.width > 0 ? bounds.width : UIScreen.main.bounds.width
            let offset = min(max(contentOffset.x + dx, 0), max(0, contentSize.width - visible))
            guard offset != contentOffset.x else { return false }
            contentOffset.x = offset
        } else {
            let offset = verticalOffset(draggedBy: dy)
            guard offset != contentOffset.y else { return false }
            contentOffset.y = offset
        }
        needsReload = true
        layoutItemsIfNeeded()
        return true
    }

    func tapItem(_ indexPath: IndexPath) {
        guard allowsSelection, delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        if !allowsMultipleSelection {
            for previous in (indexPathsForSelectedItems ?? []) where previous != indexPath {
                deselectItem(at: previous, animated: false)
                delegate?.collectionView(self, didDeselectItemAt: previous)
            }
        }
        selectItem(at: indexPath, animated: false, scrollPosition: [])
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    override var elementKind: String { "collection" }
}
