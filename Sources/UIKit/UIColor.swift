import Foundation

/// A colour (Apple: UIKit › UIColor), in sRGB components from 0 to 1. The system colours are
/// their light-appearance values (Apple's Human Interface Guidelines, "Color").
open class UIColor: NSObject, @unchecked Sendable {
    public let red: CGFloat
    public let green: CGFloat
    public let blue: CGFloat
    public let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        super.init()
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Returns this colour with `alpha`.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return (red, green, blue, alpha) == (other.red, other.green, other.blue, other.alpha)
    }

    open override var hash: Int { Int(red * 255) << 24 | Int(green * 255) << 16 | Int(blue * 255) << 8 | Int(alpha * 255) }

    private static func rgb(_ red: Int, _ green: Int, _ blue: Int) -> UIColor {
        UIColor(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: 1)
    }

    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let systemBackground = UIColor.white
    public static let secondarySystemBackground = rgb(242, 242, 247)
    public static let systemGroupedBackground = rgb(242, 242, 247)
    public static let label = UIColor.black
    public static let secondaryLabel = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6)
    public static let placeholderText = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)
    public static let separator = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.29)
    public static let systemBlue = rgb(0, 122, 255)
    public static let systemRed = rgb(255, 59, 48)
    public static let systemGreen = rgb(52, 199, 89)
    public static let systemOrange = rgb(255, 149, 0)
    public static let systemYellow = rgb(255, 204, 0)
    public static let systemGray = rgb(142, 142, 147)
    public static let systemGray5 = rgb(229, 229, 234)
    public static let tintColor = systemBlue
}

/// A font by size and weight (Apple: UIKit › UIFont). Text is drawn in DejaVu Sans whatever the
/// name (docs/uikit.md).
open class UIFont: NSObject, @unchecked Sendable {
    public let pointSize: CGFloat
    public let fontName: String
    public let weight: Weight

    /// Apple: `UIFont.Weight` (UIFontDescriptor.h: regular 0, medium 0.23, semibold 0.3, bold 0.4).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
    }

    /// Apple: `UIFont.TextStyle`, raw values `UICTFontTextStyle…`.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
    }

    init(name: String, size: CGFloat, weight: Weight) {
        (fontName, pointSize, self.weight) = (name, size, weight)
        super.init()
    }

    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        self.init(name: fontName, size: fontSize, weight: .regular)
    }

    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(name: ".SFUI-Regular", size: fontSize, weight: .regular) }
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(name: ".SFUI", size: fontSize, weight: weight) }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(name: ".SFUI-Semibold", size: fontSize, weight: .bold) }

    /// The size of each text style at the default Dynamic Type size ("Large"; Apple's Human
    /// Interface Guidelines, "Typography").
    open class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let sizes: [TextStyle: (CGFloat, Weight)] = [
            .body: (17, .regular), .headline: (17, .semibold), .subheadline: (15, .regular),
            .caption1: (12, .regular), .footnote: (13, .regular), .title1: (28, .regular), .largeTitle: (34, .regular),
        ]
        let (size, weight) = sizes[style] ?? (17, .regular)
        return UIFont(name: ".SFUI", size: size, weight: weight)
    }
}
