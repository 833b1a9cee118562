import Foundation

extension DeviceRecord {
    /// Reads the bytes of the `device.json` at `path` in the device folder named `folder`,
    /// checking every field: the one reader of device records, on bytes alone, so damaged and
    /// hostile records are checked without a device set.
    ///
    /// - Throws: ``DeviceRecordError/unreadable(udid:path:reason:)`` when the bytes cannot be
    ///   decoded or a field is damaged (the reason names the field), or
    ///   ``DeviceRecordError/misplaced(folder:recordUDID:path:)`` when the record names another
    ///   device than its folder.
    public static func decode(_ data: Data, folder udid: DeviceUDID, path: String) throws(DeviceRecordError) -> DeviceRecord {
        let record: DeviceRecord
        do {
            record = try DeviceSet.recordDecoder.decode(DeviceRecord.self, from: data)
        } catch {
            throw .unreadable(udid: udid, path: path, reason: DeviceRecord.explain(error, data: data))
        }
        guard record.udid == udid else { throw .misplaced(folder: udid.rawValue, recordUDID: record.udid, path: path) }
        if let damage = record.damage() { throw .unreadable(udid: udid, path: path, reason: damage) }
        return record
    }

    /// The bytes of `device.json` for `record`, as the set writes them (sorted keys, ISO 8601 dates).
    public static func encodedForDisk(_ record: DeviceRecord) -> Data {
        do {
            return try DeviceSet.recordEncoder.encode(record)
        } catch {
            preconditionFailure("a DeviceRecord always encodes: \(error)")
        }
    }
}
