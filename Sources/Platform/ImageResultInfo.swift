/// The info dictionary of an image result; keys as iOS spells them (IOS-FACTS §5).
public struct ImageResultInfo: Equatable, Sendable {
    /// `PHImageResultIsDegradedKey`: a low-quality result; the final one follows.
    public var isDegraded: Bool
    /// `PHImageResultRequestIDKey`.
    public var requestID: ImageRequestID
    /// `PHImageCancelledKey`.
    public var isCancelled: Bool
    /// `PHImageErrorKey`: why there is no image (`PHPhotosErrorDomain`).
    public var error: PlatformError?

    public init(isDegraded: Bool, requestID: ImageRequestID, isCancelled: Bool = false, error: PlatformError? = nil) {
        self.isDegraded = isDegraded
        self.requestID = requestID
        self.isCancelled = isCancelled
        self.error = error
    }

    /// The keys present, as iOS's raw strings, sorted.
    public var keys: [String] {
        var present = ["PHImageResultIsDegradedKey", "PHImageResultRequestIDKey"]
        if isCancelled { present.append("PHImageCancelledKey") }
        if error != nil { present.append("PHImageErrorKey") }
        return present.sorted()
    }
}
