/// A colour with components from 0 to 1, as cairo takes them.
struct RenderColor: Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double = 1

    /// From a 0xRRGGBB literal.
    init(hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
        self.alpha = alpha
    }

    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    // UIKit's light-mode system colours (UIColor.systemBlue and friends, as Apple's Human
    // Interface Guidelines "Color" page lists them).
    static let systemBlue = RenderColor(hex: 0x007AFF)
    static let systemRed = RenderColor(hex: 0xFF3B30)
    static let systemGreen = RenderColor(hex: 0x34C759)
    static let label = RenderColor(hex: 0x000000)
    static let secondaryLabel = RenderColor(hex: 0x8A8A8E)
    static let placeholder = RenderColor(hex: 0xC4C4C7)
    static let separator = RenderColor(hex: 0xC6C6C8)
    static let groupedBackground = RenderColor(hex: 0xF2F2F7)
    static let cellBackground = RenderColor(hex: 0xFFFFFF)
    static let selectedCell = RenderColor(hex: 0xD1D1D6)
    static let barBackground = RenderColor(hex: 0xF9F9F9)
    static let sheetBackground = RenderColor(hex: 0xFFFFFF)
    static let keyboardBackground = RenderColor(hex: 0xD1D3D9)
    static let disabled = RenderColor(hex: 0xC4C4C7)
    static let white = RenderColor(hex: 0xFFFFFF)
    static let black = RenderColor(hex: 0x000000)
    /// The dimming view behind sheets and alerts.
    static let dimming = RenderColor(hex: 0x000000, alpha: 0.4)
}
