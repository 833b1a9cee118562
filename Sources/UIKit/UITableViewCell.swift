import Foundation

/// A row of a table (Apple: UIKit › UITableViewCell). Its `textLabel` and `detailTextLabel`
/// sit in its `contentView` as the style places them; its accessibility label is their texts
/// joined with ", ", as VoiceOver reads a standard cell; a tap selects the row.
open class UITableViewCell: UIView {
    /// Apple: `UITableViewCell.CellStyle` (default 0, value1 1, value2 2, subtitle 3).
    public enum CellStyle: Int, Sendable { case `default` = 0, value1 = 1, value2 = 2, subtitle = 3 }
    /// Apple: `UITableViewCell.AccessoryType` (none 0, disclosureIndicator 1,
    /// detailDisclosureButton 2, checkmark 3, detailButton 4).
    public enum AccessoryType: Int, Sendable { case none = 0, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    /// Apple: `UITableViewCell.EditingStyle` (none 0, delete 1, insert 2).
    public enum EditingStyle: Int, Sendable { case none = 0, delete = 1, insert = 2 }
    /// Apple: `UITableViewCell.SelectionStyle` (none 0, blue 1, gray 2, default 3).
    public enum SelectionStyle: Int, Sendable { case none = 0, blue, gray, `default` }
    /// Apple: `UITableViewCell.SeparatorStyle` (none 0, singleLine 1).
    public enum SeparatorStyle: Int, Sendable { case none = 0, singleLine = 1 }

    public let reuseIdentifier: String?
    public let cellStyle: CellStyle
    public let contentView = UIView()
    open private(set) var textLabel: UILabel?
    open private(set) var detailTextLabel: UILabel?
    /// Apple (UITableViewCell.h): "default is nil. image view will be created if necessary":
    /// made on first use, in the content view, for every style but `value2`, which shows no
    /// image. Its image sits at the row's leading edge, no taller than the row, and the labels
    /// move after it.
    open var imageView: UIImageView? {
        guard cellStyle != .value2 else { return nil }
        if let madeImageView { return madeImageView }
        let view = UIImageView()
        madeImageView = view
        contentView.addSubview(view)
        setNeedsLayout()
        return view
    }
    private var madeImageView: UIImageView?
    open var accessoryType: AccessoryType = .none
    open var accessoryView: UIView?
    open var selectionStyle: SelectionStyle = .default
    open var isSelected = false
    open var isHighlighted = false
    /// Whether a swipe revealed this row's Delete button.
    var showsDelete = false

    public init(style: CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        cellStyle = style
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        addStandardViews()
    }

    /// Made by a table for a registered class (see `UITableView.register(_:forCellReuseIdentifier:)`),
    /// the coder carries the style and the reuse identifier; any other coder makes a default cell.
    public required init?(coder: NSCoder) {
        let made = coder as? CellCoder
        reuseIdentifier = made?.reuseIdentifier
        cellStyle = made?.style ?? .default
        super.init(coder: coder)
        frame = CGRect(x: 0, y: 0, width: 320, height: 44)
        addStandardViews()
    }

    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// The content view is the cell's size from the start, as on iOS (a cell made in code is
    /// 320 x 44 points until its table lays it out), so subviews framed from its bounds fit.
    private func addStandardViews() {
        contentView.frame = bounds
        addSubview(contentView)
        let text = UILabel()
        textLabel = text
        contentView.addSubview(text)
        if cellStyle != .default {
            let detail = UILabel()
            detailTextLabel = detail
            contentView.addSubview(detail)
        }
    }

    /// Called before the table hands the cell out again; the default does nothing.
    open func prepareForReuse() {}

    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let accessoryWidth: CGFloat = accessoryType == .none && accessoryView == nil ? 0 : 34
        contentView.frame = CGRect(x: 0, y: 0, width: bounds.width - accessoryWidth, height: bounds.height)
        var leading: CGFloat = 16
        if let madeImageView {
            var size = madeImageView.image?.size ?? .zero
            if size.height > bounds.height, size.height > 0 {
                size = CGSize(width: size.width * bounds.height / size.height, height: bounds.height)
            }
            madeImageView.frame = CGRect(x: 16, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
            if size.width > 0 { leading = 16 + size.width + 16 }
        }
        let width = contentView.bounds.width - leading - 16
        switch cellStyle {
        case .subtitle:
            textLabel?.frame = CGRect(x: leading, y: 4, width: width, height: bounds.height / 2 - 4)
            detailTextLabel?.frame = CGRect(x: leading, y: bounds.height / 2, width: width, height: bounds.height / 2 - 4)
        case .value1, .value2:
            textLabel?.frame = CGRect(x: leading, y: 0, width: width / 2, height: bounds.height)
            detailTextLabel?.frame = CGRect(x: leading + width / 2, y: 0, width: width / 2, height: bounds.height)
        case .default:
            textLabel?.frame = CGRect(x: leading, y: 0, width: width, height: bounds.height)
        }
    }

    open override var accessibilityLabel: String? {
        get {
            if let explicit = explicitAccessibilityLabel { return explicit }
            let texts = [textLabel?.text, detailTextLabel?.text].compactMap { $0 }.filter { !$0.isEmpty }
            return texts.isEmpty ? nil : texts.joined(separator: ", ")
        }
        set { explicitAccessibilityLabel = newValue }
    }

    open override var isAccessibilityElement: Bool {
        get { explicitIsAccessibilityElement ?? true }
        set { explicitIsAccessibilityElement = newValue }
    }

    /// The table the cell is in.
    var table: UITableView? { superview as? UITableView }

    override var elementKind: String { "cell" }
    override var isTappable: Bool { true }

    override func performTap() -> Bool {
        guard let table, let indexPath = table.indexPath(for: self) else { return false }
        table.tapRow(indexPath)
        return true
    }
}

/// The coder a table or a collection makes a registered cell class with: Swift on Linux cannot call a class's
/// `init(style:reuseIdentifier:)` from its type (no Objective-C runtime), but every
/// `UIView` has the required `init?(coder:)` (docs/uikit.md).
final class CellCoder: NSCoder {
    let style: UITableViewCell.CellStyle
    let reuseIdentifier: String
    init(style: UITableViewCell.CellStyle, reuseIdentifier: String) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        super.init()
    }
    override var allowsKeyedCoding: Bool { true }
    override func containsValue(forKey key: String) -> Bool { false }
    override func decodeObject(forKey key: String) -> Any? { nil }
}
