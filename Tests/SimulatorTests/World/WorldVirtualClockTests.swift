import Core
import Foundation
import Testing
@testable import World

@Suite("World: virtual clock")
struct WorldVirtualClockTests {
    @Test func aMillionMillisecondAdvancesLandExactlyOnAThousandSeconds() {
        let clock = VirtualClock()
        let dates = VirtualDateClock(clock: clock, epochDate: Date(timeIntervalSinceReferenceDate: 736_259_696))
        for _ in 0..<1_000_000 { clock.advance(to: clock.now.advanced(by: .milliseconds(1))) }
        #expect(clock.now.nanosecondsSinceEpoch == 1_000_000_000_000)
        #expect(clock.now == .epoch.advanced(by: .seconds(1000)))
        #expect(dates.now == Date(timeIntervalSinceReferenceDate: 736_260_696))
    }

    @Test func timeMovesOnlyWhenTheSchedulerAdvancesIt() throws {
        let world = World(seed: 1)
        #expect(world.clock.now == .epoch)
        try world.scheduler.runUntilIdle()
        #expect(world.clock.now == .epoch)
        try world.scheduler.advance(by: .milliseconds(1500))
        #expect(world.clock.now.description == "1.500000000")
        try world.scheduler.advance(to: .epoch.advanced(by: .seconds(2)))
        #expect(world.clock.now.nanosecondsSinceEpoch == 2_000_000_000)
    }

    @Test func instantArithmeticIsExact() {
        let start = VirtualInstant.epoch.advanced(by: .seconds(3))
        let end = start.advanced(by: .nanoseconds(7))
        #expect(start.duration(to: end) == .nanoseconds(7))
        #expect(end.duration(to: start) == .nanoseconds(-7))
        #expect(VirtualInstant(nanosecondsSinceEpoch: -1_500_000_000).description == "-1.500000000")
        #expect(end.secondsText(minimumWholeDigits: 4) == "   3.000000007")
        #expect(VirtualClock().minimumResolution == .nanoseconds(1))
    }

    @Test func theDateClockIsCoresClockSeam() {
        let clock = VirtualClock(start: .epoch.advanced(by: .milliseconds(250)))
        let seam: any Core.WallClock = VirtualDateClock(clock: clock, epochDate: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(seam.now == Date(timeIntervalSince1970: 1_700_000_000.25))
    }

    @Test func sleepingOutsideAWorldTaskIsAFailureNotAHostSleep() async {
        let world = World(seed: 5)
        await #expect(throws: WorldFailure.self) {
            try await world.clock.sleep(until: .epoch.advanced(by: .seconds(60)))
        }
        #expect(world.clock.now == .epoch)
    }
}
