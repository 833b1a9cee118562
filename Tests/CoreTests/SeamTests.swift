import Core
import Foundation
import Testing

@Suite struct RandomSourceTests {
    @Test func sameSeedSameSequence() {
        let first = SplitMix64(seed: 42)
        let second = SplitMix64(seed: 42)
        #expect((0..<100).map { _ in first.nextUInt64() } == (0..<100).map { _ in second.nextUInt64() })
    }

    @Test func knownFirstValueForSeedZero() {
        // Reference value of SplitMix64 with seed 0 (Vigna's splitmix64.c).
        #expect(SplitMix64(seed: 0).nextUInt64() == 0xE220_A839_7B1D_CDAF)
    }

    @Test func uuidsAreVersionFourAndRepeatable() {
        let uuid = SplitMix64(seed: 7).makeUUID()
        #expect(uuid == SplitMix64(seed: 7).makeUUID())
        #expect(uuid.uuidString.dropFirst(14).first == "4")
        #expect("89AB".contains(uuid.uuidString.dropFirst(19).first!))
    }

    @Test func boundedDrawsStayInRange() {
        let random = SplitMix64(seed: 3)
        for _ in 0..<1_000 { #expect(random.next(below: 7) < 7) }
    }
}
