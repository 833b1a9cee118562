import Simulator

/// Which scenarios one CI job of several runs (`--shard-split N --shard-index I`): a scenario
/// belongs to shard `FNV-1a 64(relative path) mod N`, so every scenario is in exactly one shard,
/// the assignment never depends on the machine, the order of files or the other files, and a
/// file keeps its shard when others are added.
public struct ShardSelection: Hashable, Sendable {
    /// How many shards there are (at least 1).
    public let split: Int
    /// This shard, from 0.
    public let index: Int

    /// - Throws: ``ShardSelectionError`` for a split below 1 or an index outside `0..<split`.
    public init(split: Int, index: Int) throws(ShardSelectionError) {
        guard split >= 1 else { throw .splitTooSmall(split) }
        guard (0..<split).contains(index) else { throw .indexOutOfRange(index: index, split: split) }
        self.split = split
        self.index = index
    }

    /// The shard a scenario at `relativePath` belongs to.
    public static func shard(of relativePath: String, split: Int) -> Int {
        precondition(split >= 1, "a split needs at least one shard")
        return Int(FNV1a64.hash(relativePath.utf8) % UInt64(split))
    }

    /// True when this shard runs the scenario at `relativePath`.
    public func contains(_ relativePath: String) -> Bool {
        Self.shard(of: relativePath, split: split) == index
    }

    /// This shard's scenarios, in their order.
    public func select(_ scenarios: [Scenario]) -> [Scenario] {
        scenarios.filter { contains($0.relativePath) }
    }
}

/// A shard option that cannot be used, with what to write instead.
public enum ShardSelectionError: Error, Equatable, CustomStringConvertible {
    case splitTooSmall(Int)
    case indexOutOfRange(index: Int, split: Int)

    public var description: String {
        switch self {
        case .splitTooSmall(let split):
            return "--shard-split must be 1 or more, got \(split)"
        case .indexOutOfRange(let index, let split):
            return "--shard-index must be from 0 to \(split - 1) with --shard-split \(split), got \(index)"
        }
    }
}
