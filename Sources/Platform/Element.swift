import Core

/// One thing on a screen a user can see or touch: a button, a table cell, a text field ...
///
/// Found by its ``label`` (full match) or its accessibility ``identifier``. Actions may throw an
/// ``AppTermination``.
public struct Element {
    public var kind: ElementKind
    /// The visible text (a button's title, a cell's text label).
    public var label: String
    /// The accessibility identifier.
    public var identifier: String?
    /// A text field's text, or a cell's detail text.
    public var value: String?
    public var isEnabled: Bool
    /// Highlighted (a selected table row); the window system sets it.
    public var isSelected: Bool
    /// A text field with the keyboard up; the window system sets it.
    public var isFocused: Bool
    /// The image shown, if any.
    public var image: DisplayedImage?
    /// A row's height in points, when it is not the standard 44.
    public var heightPoints: Double?
    /// What a tap does.
    public var onTap: (() throws -> Void)?
    /// What typing does: called with the field's whole new text.
    public var onTextChange: ((String) throws -> Void)?
    /// A row's swipe-to-delete (`commit .delete`).
    public var onDelete: (() throws -> Void)?

    public init(kind: ElementKind, label: String, identifier: String? = nil, value: String? = nil,
                isEnabled: Bool = true, image: DisplayedImage? = nil, heightPoints: Double? = nil,
                onTap: (() throws -> Void)? = nil, onTextChange: ((String) throws -> Void)? = nil,
                onDelete: (() throws -> Void)? = nil) {
        self.kind = kind
        self.label = label
        self.identifier = identifier
        self.value = value
        self.isEnabled = isEnabled
        self.isSelected = false
        self.isFocused = false
        self.image = image
        self.heightPoints = heightPoints
        self.onTap = onTap
        self.onTextChange = onTextChange
        self.onDelete = onDelete
    }

    /// `button “Done”`, `cell “Add Photo” #photo`: how failures name it.
    public var summary: String {
        var text = "\(kind.rawValue) “\(label)”"
        if let identifier { text += " #\(identifier)" }
        return text
    }
}

/// The kind of an ``Element``.
public enum ElementKind: String, Sendable {
    case button
    /// A bar button (Done, Cancel, Back).
    case navigationButton
    /// A tab bar item.
    case tab
    /// A table row.
    case cell
    case textField
    case label
    case image
    case toggle
}

/// An image on screen: the bitmap and the size it is drawn at, in points.
public struct DisplayedImage {
    public let bitmap: Bitmap
    public let widthPoints: Double
    public let heightPoints: Double

    public init(bitmap: Bitmap, widthPoints: Double, heightPoints: Double) {
        self.bitmap = bitmap
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
    }
}
