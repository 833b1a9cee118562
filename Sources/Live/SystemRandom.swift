import Core

/// The live random source: the operating system's generator. Only executables use it.
public final class SystemRandom: RandomSource {
    private var generator = SystemRandomNumberGenerator()
    public init() {}
    public func nextUInt64() -> UInt64 { generator.next() }
}
