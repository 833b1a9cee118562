/// The family a device type belongs to, as `simctl list --json` prints it in `productFamily`.
public enum ProductFamily: String, Sendable, Codable, CaseIterable {
    case iPhone = "iPhone"
    case iPad = "iPad"
    /// Phone-sized devices that are not phones (the iPod touch).
    case iPod = "iPod"
}
