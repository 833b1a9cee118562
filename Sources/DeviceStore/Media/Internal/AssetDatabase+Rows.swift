import Core
import Foundation

/// Reading `ZASSET` rows into assets, refusing any row the library would not have written.
///
/// A row is trusted only after every column checks out: `ZUUID` an upper-case UUID, `ZFILENAME`
/// a camera-roll name (`IMG_0001.JPG`) in `ZDIRECTORY` `DCIM/100APPLE`, `ZORIGINALFILENAME` a
/// name without folders, the type the file name's, positive sizes, a finite date and a location
/// in range. So no path read from the database leads outside the camera roll: a row that climbs
/// out with `..`, names an absolute path or a folder of its own (a device folder copied from
/// somewhere, edited by hand) is damage, ``MediaLibraryError/damagedDatabase(path:reason:)``
/// naming the row and the column, and is never followed. Readers and writers decode rows the
/// same way, and a library opened for writing checks every row first, so both agree on what
/// damage is.
extension AssetDatabase {
    /// The columns an asset is read from, in the order ``asset(from:)`` expects.
    static let assetColumns = """
        Z_PK, ZUUID, ZFILENAME, ZDIRECTORY, ZORIGINALFILENAME, ZUNIFORMTYPEIDENTIFIER, ZWIDTH, ZHEIGHT, \
        ZDATECREATED, ZLATITUDE, ZLONGITUDE, ZFILESIZE
        """

    /// Decodes one row selected with ``assetColumns``, checking every column.
    func asset(from values: [SQLiteValue]) throws(MediaLibraryError) -> MediaAsset {
        let row = StoredRow(values: values, databasePath: path)
        guard values.count == 12 else { throw row.damage("has \(values.count) columns where 12 were selected") }
        let uuidText = try row.text(1, "ZUUID")
        guard let identifier = AssetIdentifier(storedUUID: uuidText), identifier.uuidString == uuidText else {
            throw row.damage(column: "ZUUID", rule: "an upper-case UUID such as 01234567-89AB-4CDE-8F01-23456789ABCD")
        }
        let fileName = try row.text(2, "ZFILENAME")
        guard let name = CameraRollName(fileName: fileName) else {
            throw row.damage(column: "ZFILENAME", rule: "a camera-roll name such as IMG_0001.JPG")
        }
        guard try row.text(3, "ZDIRECTORY") == CameraRollName.directory else {
            throw row.damage(column: "ZDIRECTORY", rule: "\(CameraRollName.directory), the only folder the library keeps photos in")
        }
        let original = try row.text(4, "ZORIGINALFILENAME")
        guard Self.isPlainFileName(original) else {
            throw row.damage(column: "ZORIGINALFILENAME", rule: "a file name without folders")
        }
        let type = CameraRollName.uniformTypeIdentifier(name.format)
        guard try row.text(5, "ZUNIFORMTYPEIDENTIFIER") == type else {
            throw row.damage(column: "ZUNIFORMTYPEIDENTIFIER", rule: "\(type), the type of \(fileName)")
        }
        let width = try row.integer(6, "ZWIDTH", atLeast: 1), height = try row.integer(7, "ZHEIGHT", atLeast: 1)
        let created = try row.real(8, "ZDATECREATED", in: -1e12...1e12)
        let latitude = try row.optionalReal(9, "ZLATITUDE", in: -90...90)
        let longitude = try row.optionalReal(10, "ZLONGITUDE", in: -180...180)
        let size = try row.integer(11, "ZFILESIZE", atLeast: 0)
        return MediaAsset(localIdentifier: identifier.localIdentifier, fileName: fileName, path: name.relativePath,
                          originalFilename: original, uniformTypeIdentifier: type,
                          pixelWidth: Int(width), pixelHeight: Int(height),
                          creationDate: Date(timeIntervalSinceReferenceDate: created),
                          latitude: latitude, longitude: longitude, fileSize: Int(size))
    }

    /// Reads every row once, so a damaged one anywhere fails now rather than half-way through a
    /// later call. A library opened for writing does this before it moves or writes anything.
    func checkRows() throws(MediaLibraryError) {
        _ = try allAssets()
    }

    /// A name `PHAssetResource.originalFilename` could have: not empty, no `/` or NUL, not `.` or `..`.
    static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }
}

/// One selected `ZASSET` row and the words for what is wrong with it.
private struct StoredRow {
    let values: [SQLiteValue]
    let databasePath: String

    /// `row Z_PK 7 of ZASSET`, or `a row of ZASSET` when even the key is unreadable.
    private var name: String {
        guard let key = values.first?.integer else { return "a row of ZASSET" }
        return "row Z_PK \(key) of ZASSET"
    }

    func damage(_ problem: String) -> MediaLibraryError {
        .damagedDatabase(path: databasePath, reason: "\(name) \(problem)")
    }

    func damage(column: String, rule: String) -> MediaLibraryError {
        let index = Self.columnNames.firstIndex(of: column) ?? 0
        let found = index < values.count ? Self.describe(values[index]) : "nothing"
        return damage("has \(column) \(found), where the library writes \(rule); the row is not used")
    }

    func text(_ index: Int, _ column: String) throws(MediaLibraryError) -> String {
        guard let text = values[index].text else { throw damage(column: column, rule: "text") }
        return text
    }

    func integer(_ index: Int, _ column: String, atLeast minimum: Int64) throws(MediaLibraryError) -> Int64 {
        guard let value = values[index].integer, value >= minimum else {
            throw damage(column: column, rule: "a whole number of at least \(minimum)")
        }
        return value
    }

    func real(_ index: Int, _ column: String, in range: ClosedRange<Double>) throws(MediaLibraryError) -> Double {
        guard let value = values[index].real, range.contains(value) else {
            throw damage(column: column, rule: "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
        }
        return value
    }

    func optionalReal(_ index: Int, _ column: String, in range: ClosedRange<Double>) throws(MediaLibraryError) -> Double? {
        if values[index] == .null { return nil }
        return try real(index, column, in: range)
    }

    private static let columnNames = AssetDatabase.assetColumns.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A stored value as a message shows it: text quoted with control characters escaped and cut
    /// at 80 characters, numbers as they are, `NULL`, a blob by its size.
    static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .blob(let data): return "a \(data.count)-byte blob"
        case .text(let text):
            let shown = text.count > 80 ? String(text.prefix(80)) + "..." : text
            return VisibleText.quoted(shown)
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
