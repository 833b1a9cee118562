/// A rectangle in points, origin at the top left.
struct PointRect: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    /// The rectangle shrunk by `horizontal` on the left and right and `vertical` at the top and bottom.
    func inset(horizontal: Double = 0, vertical: Double = 0) -> PointRect {
        PointRect(x: x + horizontal, y: y + vertical, width: max(width - 2 * horizontal, 0), height: max(height - 2 * vertical, 0))
    }

    /// The part below `top` (clamped to the rectangle).
    func below(_ top: Double) -> PointRect {
        let clamped = min(max(top, y), maxY)
        return PointRect(x: x, y: clamped, width: width, height: maxY - clamped)
    }

    /// The largest rectangle of `aspect` (width / height) centred in this one (aspect fit).
    func fitting(aspect: Double) -> PointRect {
        guard aspect > 0, width > 0, height > 0 else { return self }
        if width / height > aspect {
            let fitted = height * aspect
            return PointRect(x: x + (width - fitted) / 2, y: y, width: fitted, height: height)
        }
        let fitted = width / aspect
        return PointRect(x: x, y: y + (height - fitted) / 2, width: width, height: fitted)
    }

    /// The smallest rectangle of `aspect` (width / height) centred on this one that covers it
    /// (aspect fill).
    func filling(aspect: Double) -> PointRect {
        guard aspect > 0, width > 0, height > 0 else { return self }
        if width / height > aspect {
            let filled = width / aspect
            return PointRect(x: x, y: y + (height - filled) / 2, width: width, height: filled)
        }
        let filled = height * aspect
        return PointRect(x: x + (width - filled) / 2, y: y, width: filled, height: height)
    }
}
