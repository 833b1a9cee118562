import Foundation

extension LocationStore {
    /// Turns a row of ``LocationStatements/selectAll`` into a location, refusing values this
    /// code never writes rather than guessing.
    func decodeLocation(_ row: [SQLiteValue]) throws(LocationStoreError) -> Location {
        let primaryKey = row[0].integer ?? 0
        func invalid(_ reason: String) -> LocationStoreError {
            .invalidRow(path: path, primaryKey: primaryKey, reason: reason)
        }
        guard let id = LocationID(rawValue: primaryKey) else { throw invalid("Z_PK is not a positive integer") }
        // Z_OPT counts saves from 1; at Int64.max the next update could not count on.
        guard let version = row[1].integer, version >= 1, version < Int64.max else {
            throw invalid("Z_OPT is \(row[1]), not a version between 1 and \(Int64.max - 1)")
        }
        guard let latitude = row[2].real, let longitude = row[3].real else { throw invalid("the coordinates are not numbers") }
        guard let seconds = row[4].real else { throw invalid("ZDATE is not a number of seconds") }
        guard let description = row[5].text, let category = row[6].text else {
            throw invalid("ZLOCATIONDESCRIPTION or ZCATEGORY is not text")
        }
        let details = LocationDetails(latitude: latitude, longitude: longitude,
                                      date: Date(timeIntervalSinceReferenceDate: seconds),
                                      locationDescription: description, category: category, placemark: row[7].text)
        return Location(id: id, details: details, photoID: try decodePhotoID(row, invalid), version: version)
    }

    private func decodePhotoID(_ row: [SQLiteValue], _ invalid: (String) -> LocationStoreError) throws(LocationStoreError) -> PhotoID? {
        guard model.hasPhotoID, row.count > 8, row[8] != .null else { return nil }
        if photoIDDefaultsToZero, row[8] == .integer(0) { return nil }
        guard let number = row[8].integer, let photoID = PhotoID(rawValue: Int(number)) else {
            throw invalid("ZPHOTOID is \(row[8]), not a positive integer (no photo is stored as NULL)")
        }
        return photoID
    }
}
