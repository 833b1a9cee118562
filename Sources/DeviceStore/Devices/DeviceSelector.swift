/// How a device of a ``DeviceSet`` is named: the booted one, a UDID, or an exact name.
///
/// Text is read in one place, ``init(_:)``: `booted` selects the booted device, a UUID in any
/// case selects by UDID, anything else is a name. The CLI's `all` and `unavailable` are not
/// selectors: commands that accept them handle them before making one.
///
/// ```swift
/// DeviceSelector("booted")                                  // .booted
/// DeviceSelector("f775f87a-1fca-4662-ae01-bb0c0bcec5cc")    // .udid(F775F87A-...)
/// DeviceSelector("My iPhone")                               // .name("My iPhone")
/// ```
public enum DeviceSelector: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The first booted device in listing order (name, then UDID), as Apple's "will choose one of them".
    case booted
    /// The device with this UDID.
    case udid(DeviceUDID)
    /// The first device in listing order with exactly this name.
    case name(String)

    /// The word that selects the booted device.
    public static let bootedWord = "booted"

    /// Reads a selector as `simctl` does.
    public init(_ text: String) {
        if text == DeviceSelector.bootedWord {
            self = .booted
        } else if let udid = DeviceUDID(text) {
            self = .udid(udid)
        } else {
            self = .name(text)
        }
    }

    /// A selector written in code (`"booted"`, `"My iPhone"`), read as ``init(_:)`` reads text.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The selector as text: `booted`, the UDID in upper case, or the name.
    public var description: String {
        switch self {
        case .booted: return DeviceSelector.bootedWord
        case .udid(let udid): return udid.rawValue
        case .name(let name): return name
        }
    }
}
