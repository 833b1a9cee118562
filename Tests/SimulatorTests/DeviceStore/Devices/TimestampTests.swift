import Foundation
@testable import DeviceStore
import Testing

/// Device records' dates are read back as they are written, and malformed ones are refused.
@Suite struct TimestampTests {
    @Test(arguments: [
        ("2022-06-07T11:34:18Z", 1_654_601_658.0),
        ("2022-06-07T11:34:18+02:00", 1_654_594_458.0),
        ("2022-06-07T11:34:18-05:30", 1_654_621_458.0),
        ("1970-01-01T00:00:00Z", 0),
        ("2024-02-29T23:59:59Z", 1_709_251_199),
    ])
    func anISO8601DateIsRead(_ text: String, _ seconds: Double) {
        #expect(Timestamp.date(iso8601: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["", "yesterday", "2022-06-07", "2022-06-07 11:34:18Z", "2022-06-07T11:34:18", "2022-06-07T11:34Z",
                      "2022-06-07T24:00:00Z", "2022-06-07T11:60:00Z", "2022-06-07T11:34:60Z", "2022-13-07T11:34:18Z",
                      "2022-06-07t11:34:18z", "20220607T113418Z", "2022-06-07T1:34:18Z"])
    func anythingElseIsRefused(_ text: String) {
        #expect(Timestamp.date(iso8601: text) == nil)
    }

    @Test func whatIsPrintedIsReadBack() {
        let date = Date(timeIntervalSince1970: 1_796_125_500)
        #expect(Timestamp.date(iso8601: Timestamp.iso8601(date)) == date)
    }
}
