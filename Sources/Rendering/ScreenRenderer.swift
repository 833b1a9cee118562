import DeviceStore
import Foundation

/// Draws what a device shows as a PNG at the device type's pixel size: an app's screen with
/// its bars and presented sheets, alerts and popovers, or the home screen.
///
/// Not pixel-perfect UIKit: recognisable and readable. A row is a cell, a button blue text, a
/// text field a rounded box with its text, images are drawn aspect-fit in their display size.
/// The same state gives the same bytes: fonts come only from the ``FontLibrary``, text is
/// unhinted, nothing reads the clock (the status-bar time is part of the state).
///
/// ```swift
/// let renderer = ScreenRenderer(deviceType: host.device.deviceType, fonts: try FontLibrary())
/// let shot = try renderer.render(host.displayState!)
/// try shot.pngData.write(to: URL(fileURLWithPath: "screen.png"))
/// ```
public struct ScreenRenderer {
    public let deviceType: DeviceType
    public let fonts: FontLibrary
    let metrics: ScreenMetrics

    public init(deviceType: DeviceType, fonts: FontLibrary) {
        self.deviceType = deviceType
        self.fonts = fonts
        self.metrics = ScreenMetrics(deviceType: deviceType)
    }

    /// The PNG's size: the screen in points times the scale.
    public var pixelWidth: Int { deviceType.screenPointWidth * deviceType.screenScale }
    public var pixelHeight: Int { deviceType.screenPointHeight * deviceType.screenScale }

    /// Draws an app's screen: the window, then each presentation, then a system alert.
    public func render(_ state: DisplayState) throws(RenderingError) -> Screenshot {
        try draw { canvas throws(RenderingError) in
            try drawWindow(state, on: canvas)
            for presentation in state.presentations {
                try drawPresentation(presentation, time: state.statusBarTime, on: canvas)
            }
            drawKeyboardIfEditing(state, on: canvas)
            if let alert = state.systemAlert {
                canvas.fill(canvas.bounds, color: .dimming)
                drawAlert(alert, on: canvas)
            }
        }
    }

    /// Makes a canvas, runs `body` on it under the font lock and returns the PNG.
    func draw(_ body: (Canvas) throws(RenderingError) -> Void) throws(RenderingError) -> Screenshot {
        let data = try fonts.withFontMap { fontMap throws(RenderingError) -> Data in
            let canvas = try Canvas(widthPoints: metrics.widthPoints, heightPoints: metrics.heightPoints,
                                    scale: metrics.scale, fontMap: fontMap)
            try body(canvas)
            return try canvas.pngData()
        }
        return Screenshot(pngData: data, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    /// The window: status bar, navigation bar, content, tab bar.
    private func drawWindow(_ state: DisplayState, on canvas: Canvas) throws(RenderingError) {
        let bounds = canvas.bounds
        canvas.fill(bounds, color: .groupedBackground)
        let tabBarTop = state.tabs.isEmpty ? bounds.maxY : bounds.maxY - metrics.tabBarPoints - metrics.bottomInsetPoints
        let barTop = metrics.topInsetPoints
        let content = PointRect(x: 0, y: barTop + metrics.navigationBarPoints, width: bounds.width,
                                height: tabBarTop - barTop - metrics.navigationBarPoints)
        try drawContent(state.window, in: content, on: canvas)
        drawStatusBar(time: state.statusBarTime, in: bounds, color: .label, background: .barBackground, on: canvas)
        drawNavigationBar(state.window, in: PointRect(x: 0, y: barTop, width: bounds.width, height: metrics.navigationBarPoints),
                          on: canvas)
        if !state.tabs.isEmpty {
            drawTabBar(state.tabs, in: PointRect(x: 0, y: tabBarTop, width: bounds.width, height: bounds.maxY - tabBarTop),
                       on: canvas)
        }
    }
}
