import Foundation
import Simulator

/// The device-record fuzz target: the input is a device folder's `device.json`.
///
/// A record the reader accepts must keep the invariants the set traps on when it writes it back
/// (``DeviceRecord/checkInvariants()``) and read back the same once written; a refusal must name
/// the file.
enum DeviceRecordFuzzing {
    static let udid = DeviceUDID("F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC")!
    static let path = "/set/F775F87A-1FCA-4662-AE01-BB0C0BCEC5CC/device.json"

    static func run(_ data: Data) {
        do {
            let record = try DeviceRecord.decode(data, folder: udid, path: path)
            record.checkInvariants()
            checkRoundTrip(record)
        } catch {
            precondition(error.description.contains(path), "a refusal that does not name the file: \(error)")
        }
    }

    /// Written as the set writes it, the record reads back equal.
    private static func checkRoundTrip(_ record: DeviceRecord) {
        let written = DeviceRecord.encodedForDisk(record)
        do {
            let again = try DeviceRecord.decode(written, folder: udid, path: path)
            precondition(again == record, "a record changed on its way to disk and back")
        } catch {
            preconditionFailure("a record accepted once is refused after writing it: \(error)")
        }
    }
}
