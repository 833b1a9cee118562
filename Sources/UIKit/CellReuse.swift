import Foundation

/// The cells a table or a collection keeps for reuse, by reuse identifier, and the classes
/// registered for identifiers: what `dequeueReusableCell` hands out and `layoutSubviews` gives back.
struct CellReuse<Cell: UIView> {
    private var registered: [String: Cell.Type] = [:]
    private var free: [String: [Cell]] = [:]

    mutating func register(_ cellClass: AnyClass?, for identifier: String) {
        registered[identifier] = cellClass as? Cell.Type
    }

    /// A free cell with `identifier` (after `prepare`, the cell's `prepareForReuse()`), else a
    /// new one of the registered class, made with `init?(coder:)` (docs/uikit.md); nil when no
    /// class is registered. A class whose `init?(coder:)` gives nil ends the app, naming the
    /// `owner` ("table", "collection") that makes it.
    mutating func dequeue(_ identifier: String, owner: String, prepare: (Cell) -> Void) -> Cell? {
        if var cells = free[identifier], let cell = cells.popLast() {
            free[identifier] = cells
            prepare(cell)
            return cell
        }
        guard let type = registered[identifier] else { return nil }
        guard let cell = type.init(coder: CellCoder(style: .default, reuseIdentifier: identifier)) else {
            AppProcessLoop.terminate(exception: "NSInternalInconsistencyException",
                                     reason: "\(type).init(coder:) returned nil: a \(owner) makes a registered cell class with it (docs/uikit.md)")
        }
        return cell
    }

    /// Takes `cell` off the screen and keeps it for its identifier (a cell without one is dropped).
    mutating func recycle(_ cell: Cell, identifier: String?) {
        cell.removeFromSuperview()
        if let identifier { free[identifier, default: []].append(cell) }
    }
}
