import Foundation

extension PhotoRecordStore {
    static let schema = """
        CREATE TABLE IF NOT EXISTS ZFULLRES (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL DEFAULT 1,
            Z_OPT INTEGER NOT NULL DEFAULT 1, ZID FLOAT NOT NULL UNIQUE, ZTHUMBNAIL INTEGER, ZIMAGEDATA BLOB NOT NULL);
        CREATE TABLE IF NOT EXISTS ZTHUMBNAIL (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER NOT NULL DEFAULT 2,
            Z_OPT INTEGER NOT NULL DEFAULT 1, ZID FLOAT NOT NULL UNIQUE, ZFULLRES INTEGER, ZIMAGEDATA BLOB NOT NULL);
        """

    private static let inlineMarker: UInt8 = 0x01
    private static let externalMarker: UInt8 = 0x02

    /// Encodes a blob for its column, writing it to an external file when it is large. The path
    /// is in `written` before the write: an atomic write can fail after its rename (the
    /// folder's `fsync`), and a failed transaction removes what it may have left.
    func columnValue(for data: Data, written: inout [String]) throws -> SQLiteValue {
        guard data.count > configuration.externalStorageThresholdBytes else {
            return .blob(Data([Self.inlineMarker]) + data)
        }
        let name = random.makeUUID().uuidString
        let path = externalDataFolder.appendingPathComponent(name)
        try fileSystem.createDirectory(at: externalDataFolder)
        written.append(path)
        try fileSystem.writeAtomically(data, to: path)
        return .blob(Data([Self.externalMarker]) + Data(name.utf8))
    }

    func insertPair(id: PhotoRecordID, fullSize: SQLiteValue, thumbnail: SQLiteValue) throws {
        try database.run("INSERT INTO ZFULLRES (ZID, ZIMAGEDATA) VALUES (?, ?)", [.real(id.secondsSince1970), fullSize])
        let fullSizeKey = database.lastInsertedRowID
        try database.run("INSERT INTO ZTHUMBNAIL (ZID, ZFULLRES, ZIMAGEDATA) VALUES (?, ?, ?)",
                         [.real(id.secondsSince1970), .integer(fullSizeKey), thumbnail])
        try database.run("UPDATE ZFULLRES SET ZTHUMBNAIL = ? WHERE Z_PK = ?",
                         [.integer(database.lastInsertedRowID), .integer(fullSizeKey)])
    }

    /// The newest record's ID, or `nil` for an empty store.
    /// - Throws: ``PhotoRecordError/unusableID(table:storedValue:)`` when the largest stored ID is
    ///   no time a record can be stamped after.
    func newestID() throws -> PhotoRecordID? {
        let stored = try database.query("SELECT MAX(ZID) FROM ZFULLRES").first?.first ?? .null
        if stored == .null { return nil }
        guard let id = stored.real.flatMap(PhotoRecordID.init(storedSeconds:)),
              id.millisecondsSince1970 < PhotoRecordID.validMilliseconds.upperBound else {
            throw PhotoRecordError.unusableID(table: Table.fullSize.rawValue, storedValue: Self.describe(stored))
        }
        return id
    }

    /// Finds a record's rows by ID: `ZID` within half a millisecond of it, bound as `?1` and `?2`
    /// (``bounds(of:)``). IDs are stored as seconds, and rows written before IDs were whole
    /// milliseconds may hold a value between two, so an exact comparison could miss them; IDs
    /// are at least a millisecond apart, so no other record falls in the window.
    static let matchingID = "ZID > ?1 AND ZID < ?2"

    /// The values ``matchingID`` binds for `id`.
    func bounds(of id: PhotoRecordID) -> [SQLiteValue] {
        let milliseconds = Double(id.millisecondsSince1970)
        return [.real((milliseconds - 0.5) / 1_000), .real((milliseconds + 0.5) / 1_000)]
    }

    /// A stored column value as text for a message.
    private static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .real(let number): return String(number)
        case .text(let text): return "'\(text)'"
        case .blob(let data): return "a \(data.count)-byte blob"
        }
    }

    /// The two tables of a record pair; the only table names that reach SQL text.
    enum Table: String {
        case fullSize = "ZFULLRES"
        case thumbnail = "ZTHUMBNAIL"
    }

    func blob(table: Table, id: PhotoRecordID) throws -> Data {
        guard let column = try database.query("SELECT ZIMAGEDATA FROM \(table.rawValue) WHERE \(Self.matchingID)",
                                              bounds(of: id)).first?.first?.blob else {
            throw PhotoRecordError.notFound(id)
        }
        switch column.first {
        case Self.inlineMarker:
            return column.dropFirst()
        case Self.externalMarker:
            guard let name = externalName(of: .blob(column)) else {
                throw PhotoRecordError.malformedColumn(table: table.rawValue, id: id)
            }
            let path = externalDataFolder.appendingPathComponent(name)
            do {
                return try fileSystem.contents(of: path)
            } catch .notFound {
                throw PhotoRecordError.externalFileMissing(path: path)
            }
        default:
            throw PhotoRecordError.malformedColumn(table: table.rawValue, id: id)
        }
    }

    /// External files named by a record's two rows.
    func externalFiles(of id: PhotoRecordID) throws -> [String] {
        let rows = try database.query("""
            SELECT ZIMAGEDATA FROM ZFULLRES WHERE \(Self.matchingID)
            UNION ALL SELECT ZIMAGEDATA FROM ZTHUMBNAIL WHERE \(Self.matchingID)
            """, bounds(of: id))
        return rows.compactMap { externalName(of: $0[0]) }.map { externalDataFolder.appendingPathComponent($0) }
    }

    /// Every external file name any row refers to.
    func referencedExternalNames() throws -> Set<String> {
        var names = Set<String>()
        try database.forEachRow("SELECT ZIMAGEDATA FROM ZFULLRES UNION ALL SELECT ZIMAGEDATA FROM ZTHUMBNAIL") { row in
            if let name = externalName(of: row[0]) { names.insert(name) }
        }
        return names
    }

    /// The external file a column names: only ever a UUID string, as ``columnValue(for:written:)``
    /// writes. Anything else (`../Documents`, an edited row) names no file of this store, so it is
    /// never read, and never removed by ``delete(_:)``, whose removal would be recursive.
    private func externalName(of value: SQLiteValue) -> String? {
        guard let blob = value.blob, blob.first == Self.externalMarker else { return nil }
        let name = String(decoding: blob.dropFirst(), as: UTF8.self)
        guard let uuid = UUID(uuidString: name), uuid.uuidString == name else { return nil }
        return name
    }

    /// Removes external files that no row names (left by a crash between writing and committing,
    /// or between committing a deletion and removing its files). Temporary files are left alone.
    func sweepOrphanedExternalFiles() throws {
        guard fileSystem.fileExists(at: externalDataFolder) else { return }
        let referenced = try referencedExternalNames()
        for name in try fileSystem.contentsOfDirectory(at: externalDataFolder)
        where !name.hasPrefix(".") && !referenced.contains(name) {
            try fileSystem.removeItem(at: externalDataFolder.appendingPathComponent(name))
        }
    }

    /// Checks rows against files: every external reference has its file and vice versa,
    /// and every full-size record has exactly one thumbnail pointing back at it.
    public func checkInvariants() throws {
        let referenced = try referencedExternalNames()
        let present = fileSystem.fileExists(at: externalDataFolder)
            ? Set(try fileSystem.contentsOfDirectory(at: externalDataFolder).filter { !$0.hasPrefix(".") }) : []
        precondition(referenced == present, "external files \(present.sorted()) differ from references \(referenced.sorted())")
        let unpaired = try database.query("""
            SELECT COUNT(*) FROM ZFULLRES F LEFT JOIN ZTHUMBNAIL T ON T.Z_PK = F.ZTHUMBNAIL
            WHERE T.Z_PK IS NULL OR T.ZFULLRES != F.Z_PK OR T.ZID != F.ZID
            """).first?.first?.integer ?? 0
        precondition(unpaired == 0, "\(unpaired) full-size records lack their one-to-one thumbnail")
    }
}
