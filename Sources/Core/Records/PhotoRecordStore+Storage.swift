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

    /// Encodes a blob for its column, writing it to an external file when it is large.
    func columnValue(for data: Data, written: inout [String]) throws -> SQLiteValue {
        guard data.count > configuration.externalStorageThresholdBytes else {
            return .blob(Data([Self.inlineMarker]) + data)
        }
        let name = random.makeUUID().uuidString
        let path = externalDataFolder.appendingPathComponent(name)
        try fileSystem.createDirectory(at: externalDataFolder)
        try fileSystem.writeAtomically(data, to: path)
        written.append(path)
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

    func newestID() throws -> PhotoRecordID? {
        try database.query("SELECT MAX(ZID) FROM ZFULLRES").first?.first?.real.map(PhotoRecordID.init(secondsSince1970:))
    }

    /// The two tables of a record pair; the only table names that reach SQL text.
    enum Table: String {
        case fullSize = "ZFULLRES"
        case thumbnail = "ZTHUMBNAIL"
    }

    func blob(table: Table, id: PhotoRecordID) throws -> Data {
        guard let column = try database.query("SELECT ZIMAGEDATA FROM \(table.rawValue) WHERE ZID = ?",
                                              [.real(id.secondsSince1970)]).first?.first?.blob else {
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
            SELECT ZIMAGEDATA FROM ZFULLRES WHERE ZID = ?1 UNION ALL SELECT ZIMAGEDATA FROM ZTHUMBNAIL WHERE ZID = ?1
            """, [.real(id.secondsSince1970)])
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
