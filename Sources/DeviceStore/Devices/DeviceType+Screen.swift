/// The screen in points, as UIKit lays out.
///
/// Points are the pixel size over the scale. Apple's technical specifications give, in points
/// at the scale: iPhone 15 393x852 @3x, iPhone SE (3rd generation) 375x667 @2x, iPad (10th
/// generation) 820x1180 @2x, iPod touch (7th generation) 320x568 @2x; the catalogue's pixel
/// sizes are these times the scale.
extension DeviceType {
    public var screenPointWidth: Int { screenPixelWidth / screenScale }
    public var screenPointHeight: Int { screenPixelHeight / screenScale }
}
