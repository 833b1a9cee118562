import Platform

/// What an image request delivers, and at what size: pure arithmetic, no I/O.
///
/// - The final size keeps the asset's aspect ratio: `aspectFit` fits inside the target,
///   `aspectFill` covers it (one side may be larger; the result is not cropped). Nothing is
///   scaled up beyond the asset's own pixels; ``ImageTargetSize/maximumSize`` is the asset's size.
/// - A degraded result is a quarter of the final size on each side (at least 1 pixel): the low
///   quality image Photos hands over first (IOS-FACTS §5; the factor is our choice).
/// - `opportunistic` delivers degraded then final; `highQualityFormat` the final once;
///   `fastFormat` once at the degraded size, not marked degraded (IOS-FACTS §5 says "possibly
///   degraded"; this model picks the small, final form).
struct ImageRequestPlan: Equatable {
    /// One call of the result handler.
    struct Delivery: Equatable {
        let isDegraded: Bool
        /// Whether this call uses the small size.
        let isSmall: Bool
    }

    let deliveries: [Delivery]

    init(deliveryMode: ImageRequestOptions.DeliveryMode) {
        switch deliveryMode {
        case .opportunistic:
            deliveries = [Delivery(isDegraded: true, isSmall: true), Delivery(isDegraded: false, isSmall: false)]
        case .highQualityFormat:
            deliveries = [Delivery(isDegraded: false, isSmall: false)]
        case .fastFormat:
            deliveries = [Delivery(isDegraded: false, isSmall: true)]
        }
    }

    /// The size of a final result for an image of `width` x `height` pixels.
    static func finalSize(width: Int, height: Int, target: ImageTargetSize,
                          contentMode: ImageContentMode) -> (width: Int, height: Int) {
        guard !target.isMaximumSize else { return (width, height) }
        let horizontal = Double(target.width) / Double(width)
        let vertical = Double(target.height) / Double(height)
        let scale = min(1, contentMode == .aspectFit ? min(horizontal, vertical) : max(horizontal, vertical))
        return (max(1, min(width, Int((Double(width) * scale).rounded()))),
                max(1, min(height, Int((Double(height) * scale).rounded()))))
    }

    /// The size of a degraded (or fast) result when the final one is `width` x `height`.
    static func smallSize(width: Int, height: Int) -> (width: Int, height: Int) {
        (max(1, (width + 3) / 4), max(1, (height + 3) / 4))
    }
}
