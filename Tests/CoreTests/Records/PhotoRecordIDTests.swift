@testable import Core
import Foundation
import Testing

@Suite struct PhotoRecordIDTests {
    /// Values whose description must read back as the same ID, including the ones a `Double` of
    /// seconds could not hold exactly (`.123`, `0.001` steps, far from 1970).
    @Test(arguments: [Int64(0), 1, 999, 1_000, 1_001, -1, -999, -1_000, -1_001, 1_700_000_000_123,
                      1_700_000_000_001, 1_700_000_000_999, 4_102_444_800_007, 253_402_300_799_999,
                      PhotoRecordID.validMilliseconds.upperBound, PhotoRecordID.validMilliseconds.lowerBound])
    func descriptionReadsBackAsTheSameID(milliseconds: Int64) throws {
        let id = PhotoRecordID(millisecondsSince1970: milliseconds)
        #expect(PhotoRecordID(id.description) == id, "\(id)")
        #expect(PhotoRecordID(storedSeconds: id.secondsSince1970) == id, "the stored seconds give the ID back")
    }

    @Test func everyMillisecondStepFromAStartReadsBack() {
        for start: Int64 in [0, 1_700_000_000_000, PhotoRecordID.validMilliseconds.upperBound - 4_999] {
            for step in Int64(0)..<5_000 {
                let id = PhotoRecordID(millisecondsSince1970: start + step)
                guard PhotoRecordID(id.description) == id, PhotoRecordID(storedSeconds: id.secondsSince1970) == id else {
                    Issue.record("\(start) + \(step) ms does not round-trip (\(id))")
                    return
                }
            }
        }
    }

    @Test(arguments: [
        (Int64(1_700_000_000_123), "1700000000.123"), (0, "0.000"), (1, "0.001"), (-1, "-0.001"),
        (-1_500, "-1.500"), (1_700_000_000_000, "1700000000.000"),
    ])
    func descriptionIsSecondsWithThreeDecimals(milliseconds: Int64, text: String) {
        #expect(PhotoRecordID(millisecondsSince1970: milliseconds).description == text)
    }

    @Test(arguments: ["", "abc", "1700000000", "1700000000.", ".123", "1700000000.12", "1700000000.1234",
                      "+1.000", " 1.000", "1.000 ", "1e3.000", "--1.000", "1.-01", "1.0x0", "1,000",
                      "9223372036854775807.000", "1000000000001.000", "١.٠٠٠"])
    func textThatIsNotADescriptionIsNoID(text: String) {
        #expect(PhotoRecordID(text) == nil)
    }

    /// (clock in ms since 1970, newest stored ID in ms, expected ID in ms)
    @Test(arguments: [
        (Int64(1_700_000_000_123), Int64?.none, Int64(1_700_000_000_123)),
        (1_700_000_000_123, 1_700_000_000_122, 1_700_000_000_123),  // a later millisecond: the clock's
        (1_700_000_000_123, 1_700_000_000_123, 1_700_000_000_124),  // the same millisecond: one after
        (1_700_000_000_123, 1_700_000_005_000, 1_700_000_005_001),  // the clock went back: one after
        (-5, -5, -4),
    ])
    func aSaveInTheSameMillisecondOrEarlierIsStampedOneAfterTheNewest(now: Int64, newest: Int64?, expected: Int64) {
        let clock = ManualClock(nanosecondsSince1970: now * 1_000_000)
        let next = PhotoRecordID.next(now: clock.now, after: newest.map(PhotoRecordID.init(millisecondsSince1970:)))
        #expect(next.millisecondsSince1970 == expected)
    }

    /// A thousand saves in one millisecond: consecutive IDs, exactly a millisecond apart.
    @Test func manySavesInOneMillisecondStepByExactlyOneMillisecond() {
        let now = Date(timeIntervalSince1970: 1_700_000_000.123)
        var ids: [PhotoRecordID] = []
        for _ in 0..<1_000 { ids.append(PhotoRecordID.next(now: now, after: ids.last)) }
        #expect(ids.map(\.millisecondsSince1970) == Array(1_700_000_000_123..<1_700_000_001_123))
        #expect(ids.last?.description == "1700000001.122")
    }

    @Test func theClockIsRoundedToTheNearestMillisecond() {
        #expect(PhotoRecordID.next(now: Date(timeIntervalSince1970: 1_700_000_000.1234), after: nil).description == "1700000000.123")
        #expect(PhotoRecordID.next(now: Date(timeIntervalSince1970: 1_700_000_000.1236), after: nil).description == "1700000000.124")
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, 1.000_000_000_001e12])
    func storedSecondsOutsideTheRangeAreNoID(seconds: Double) {
        #expect(PhotoRecordID(storedSeconds: seconds) == nil)
    }
}
