import Simulator
import Testing
@testable import Scenarios

/// Sharding by path: every scenario in exactly one shard, whatever the order or the other files.
@Suite("Shard selection")
struct ShardSelectionTests {
    /// Paths from a fixed generator (a linear congruential sequence), so the property checks
    /// see the same varied inputs every run.
    static func paths(count: Int) -> [String] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let folders = ["mylocations", "lootlogger", "photo blobs", "ünïcode", "a/b/c"]
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return "\(folders[Int(state >> 60) % folders.count])/scenario-\(state >> 40)-\(index).yaml"
        }
    }

    @Test("every path is in exactly one shard", arguments: 1...9)
    func everyPathInExactlyOneShard(split: Int) throws {
        let paths = Self.paths(count: 300)
        let shards = try (0..<split).map { try ShardSelection(split: split, index: $0) }
        for path in paths {
            #expect(shards.count { $0.contains(path) } == 1, "\(path) with split \(split)")
        }
        if split > 1 {
            #expect(shards.allSatisfy { shard in paths.contains { shard.contains($0) } }, "300 paths reach every shard")
        }
    }

    @Test("a path's shard depends only on the path and the split", arguments: [2, 3, 5])
    func assignmentIsStable(split: Int) {
        let paths = Self.paths(count: 100)
        let before = paths.map { ShardSelection.shard(of: $0, split: split) }
        let shuffledWithMore = (Self.paths(count: 150).reversed()).map { ($0, ShardSelection.shard(of: $0, split: split)) }
        let after = Dictionary(uniqueKeysWithValues: shuffledWithMore)
        #expect(paths.map { after[$0] } == before.map(Optional.some))
        #expect(ShardSelection.shard(of: "mylocations/add-photo-from-library.yaml", split: 4)
            == Int(FNV1a64.hash("mylocations/add-photo-from-library.yaml".utf8) % 4))
    }

    @Test("select keeps the scenarios' order and the shards partition them")
    func selectPartitions() throws {
        let suite = try ScenarioSuite.load(path: ScenarioRunFolder.suiteFolder, loader: ScenarioRunFolder.referenceLoader)
        let shards = try (0..<3).map { try ShardSelection(split: 3, index: $0).select(suite.scenarios) }
        #expect(shards.map(\.count).reduce(0, +) == suite.scenarios.count)
        #expect(Set(shards.flatMap { $0.map(\.relativePath) }) == Set(suite.scenarios.map(\.relativePath)))
        for shard in shards {
            let order = shard.map { scenario in suite.scenarios.firstIndex { $0.relativePath == scenario.relativePath }! }
            #expect(order == order.sorted())
        }
    }

    @Test("shard options outside their range are refused with what to write", arguments: [
        (0, 0, "--shard-split must be 1 or more, got 0"),
        (3, 3, "--shard-index must be from 0 to 2 with --shard-split 3, got 3"),
        (2, -1, "--shard-index must be from 0 to 1 with --shard-split 2, got -1"),
    ])
    func badOptions(split: Int, index: Int, message: String) {
        #expect(throws: ShardSelectionError.self) { try ShardSelection(split: split, index: index) }
        do {
            _ = try ShardSelection(split: split, index: index)
        } catch {
            #expect(error.description == message)
        }
    }
}
