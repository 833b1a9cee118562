/// Which asset of the device's photo library a command means.
///
/// A whole number is an index in the order the picker shows (oldest first, as iOS shows it;
/// negative counts from the newest, `-1` being the newest); text is a `localIdentifier`.
public enum AssetSelector: Hashable, Sendable, CustomStringConvertible {
    case index(Int)
    case localIdentifier(String)

    public var description: String {
        switch self {
        case .index(let index): return "index \(index)"
        case .localIdentifier(let identifier): return "localIdentifier \(identifier)"
        }
    }
}
