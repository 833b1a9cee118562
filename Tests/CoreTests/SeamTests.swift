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

@Suite struct ManualClockTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aMillionMillisecondStepsLandExactly() {
        let clock = ManualClock(now: Self.start)
        for _ in 0..<1_000_000 { clock.advance(by: .milliseconds(1)) }
        #expect(clock.nanosecondsSince1970 == 1_700_001_000_000_000_000)
        #expect(clock.now == Date(timeIntervalSince1970: 1_700_001_000))
    }

    @Test func aMillionStepsOfAThousandthOfASecondLandExactly() {
        let clock = ManualClock(now: Self.start)
        for _ in 0..<1_000_000 { clock.advance(bySeconds: 0.001) }
        #expect(clock.now == Date(timeIntervalSince1970: 1_700_001_000))
    }

    /// (start in seconds since 1970, step, steps, expected nanoseconds since 1970)
    @Test(arguments: [
        (0.0, Duration.nanoseconds(1), 1_000, Int64(1_000)),
        (1_700_000_000, .microseconds(7), 3, 1_700_000_000_000_021_000),
        (1_700_000_000, .seconds(86_400), 365, 1_731_536_000_000_000_000),
        (-1.5, .milliseconds(500), 3, 0),
        (1_700_000_000, .zero, 10, 1_700_000_000_000_000_000),
    ])
    func stepsAddUpInIntegers(startSeconds: Double, step: Duration, steps: Int, expected: Int64) {
        let clock = ManualClock(now: Date(timeIntervalSince1970: startSeconds))
        for _ in 0..<steps { clock.advance(by: step) }
        #expect(clock.nanosecondsSince1970 == expected)
    }

    @Test(arguments: [0.0, 1_700_000_000.123, 1_700_000_000.5, -86_400.25, 4_102_444_800])
    func nowIsTheDateItStartedAt(seconds: Double) {
        #expect(ManualClock(now: Date(timeIntervalSince1970: seconds)).now == Date(timeIntervalSince1970: seconds))
    }

    @Test func partsOfANanosecondAreDropped() {
        let clock = ManualClock(nanosecondsSince1970: 10)
        clock.advance(by: .nanoseconds(1) + .nanoseconds(1) / 2)
        #expect(clock.nanosecondsSince1970 == 11)
    }
}
