import Foundation

/// One entry of the ``AssetReferenceLog``: which asset, what the user did, and when.
public struct AssetReference: Equatable, Sendable {
    /// The entry's position in the log (1 for the first entry ever recorded).
    public let sequence: Int64
    public let identifier: AssetIdentifier
    public let action: AssetAction
    /// When it was recorded, from the ``WallClock`` the log was given.
    public let date: Date

    public init(sequence: Int64, identifier: AssetIdentifier, action: AssetAction, date: Date) {
        self.sequence = sequence
        self.identifier = identifier
        self.action = action
        self.date = date
    }
}
