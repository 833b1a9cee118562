import Core

/// One run's seed split into named, independent random streams.
///
/// Each part of the world that draws randomness asks for its own stream by name (`"udids"`,
/// `"assets"`, `"scheduler"`, `"camera"`), so drawing more from one part never shifts the
/// numbers another part sees: adding a photo does not change which interleaving the scheduler
/// picks next.
///
/// A stream's seed is derived from (seed, name) with a fixed function,
/// ``derivedSeed(seed:name:)``: the FNV-1a 64 hash of the name's UTF-8 bytes is XORed into the
/// run's seed and the result goes once through SplitMix64's output function. That function is
/// a bijection, so two different names never share a stream unless their FNV-1a hashes collide.
/// It never uses Swift's `Hasher`, which is seeded per process.
///
/// Asking twice for the same name returns the same generator (its draws continue), so two
/// components that share a name share one sequence and never see the same numbers twice.
///
/// ```swift
/// let streams = SeedStreams(seed: 42)
/// let udids = streams.stream("udids")
/// let id = udids.makeUUID()             // the same UUID for seed 42 in every run
/// _ = streams.stream("camera").nextUInt64()  // does not change what "udids" draws next
/// ```
public final class SeedStreams {
    /// The run's seed, printed as `--seed N` when a run fails.
    public let seed: UInt64
    /// The generators handed out so far, by name. Only looked up, never iterated.
    private var generators: [String: SplitMix64] = [:]

    public init(seed: UInt64) {
        self.seed = seed
    }

    /// The generator for `name`, created on first use and shared afterwards.
    ///
    /// An empty name is a programmer error and traps.
    public func stream(_ name: String) -> SplitMix64 {
        precondition(!name.isEmpty, "a seed stream needs a name, such as \"scheduler\" or \"udids\"")
        if let generator = generators[name] { return generator }
        let generator = SplitMix64(seed: SeedStreams.derivedSeed(seed: seed, name: name))
        generators[name] = generator
        return generator
    }

    /// The seed of the stream called `name` in a run seeded with `seed`.
    ///
    /// Fixed forever: changing it changes every recorded trace, and a test pins known values.
    public static func derivedSeed(seed: UInt64, name: String) -> UInt64 {
        SplitMix64(seed: seed ^ FNV1a64.hash(name.utf8)).nextUInt64()
    }
}
