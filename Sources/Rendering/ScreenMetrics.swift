import DeviceStore

/// Where the bars go on a device type, in points.
///
/// Safe-area insets as UIKit reports them in portrait: 59 pt at the top and 34 at the bottom
/// on iPhone 15 (Dynamic Island), 20 and 0 on iPhone SE (3rd generation) and iPod touch
/// (7th generation), 24 and 20 on iPad (10th generation) (Apple's Human Interface Guidelines,
/// "Layout": device screen dimensions and safe areas). Bars: navigation 44, tab 49 (plus the
/// bottom inset), as `UINavigationBar` and `UITabBar` measure in portrait.
struct ScreenMetrics: Equatable {
    let widthPoints: Double
    let heightPoints: Double
    let scale: Int
    let isPad: Bool
    let topInsetPoints: Double
    let bottomInsetPoints: Double
    let navigationBarPoints = 44.0
    let tabBarPoints = 49.0

    init(deviceType: DeviceType) {
        widthPoints = Double(deviceType.screenPointWidth)
        heightPoints = Double(deviceType.screenPointHeight)
        scale = deviceType.screenScale
        isPad = deviceType.productFamily == .iPad
        let tall = !isPad && heightPoints >= 812
        topInsetPoints = isPad ? 24 : (tall ? 59 : 20)
        bottomInsetPoints = isPad ? 20 : (tall ? 34 : 0)
    }

    var bounds: PointRect { PointRect(x: 0, y: 0, width: widthPoints, height: heightPoints) }
    /// Whether the time sits in the left ear beside the Dynamic Island (else centred, or left on iPad).
    var hasIsland: Bool { !isPad && topInsetPoints > 20 }
}
