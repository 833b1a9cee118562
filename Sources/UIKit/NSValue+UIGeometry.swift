import Foundation

/// UIKit's geometry in `NSValue` (Apple: UIGeometry.h, `NSValue (NSValueUIGeometryExtensions)`),
/// as `UIImagePickerController.InfoKey.cropRect` hands a rectangle over. Foundation on Linux
/// keeps the rectangle, point and size (its `NSValue(rect:)` family); these are UIKit's names.
extension NSValue {
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    public var cgRectValue: CGRect { rectValue }
    public var cgPointValue: CGPoint { pointValue }
    public var cgSizeValue: CGSize { sizeValue }
}
