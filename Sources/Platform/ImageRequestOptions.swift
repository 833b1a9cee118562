/// `PHImageRequestOptions` as far as a request's delivery goes.
public struct ImageRequestOptions: Equatable, Sendable {
    /// `PHImageRequestOptionsDeliveryMode`, raw values as in PHImageManager.h (IOS-FACTS §5).
    public enum DeliveryMode: Int, Sendable, CaseIterable, CustomStringConvertible {
        /// One or more results: a degraded one first, then the final one. The default.
        case opportunistic = 0
        /// One result, the best quality.
        case highQualityFormat = 1
        /// One result, quickly (possibly smaller).
        case fastFormat = 2

        public var description: String {
            switch self {
            case .opportunistic: return "opportunistic"
            case .highQualityFormat: return "highQualityFormat"
            case .fastFormat: return "fastFormat"
            }
        }
    }

    public var deliveryMode: DeliveryMode

    public init(deliveryMode: DeliveryMode = .opportunistic) {
        self.deliveryMode = deliveryMode
    }
}
