import Core
import Platform

/// PhotoBlobs' own checker: its records' blobs kept outside the store (Core Data's external
/// storage, as the seed's text's `allowsExternalBinaryDataStorage` attributes use it).
public enum PhotoBlobsCheckers {
    /// Stores with tables `ZFULLRES` and `ZTHUMBNAIL`: every blob kept outside the store names a
    /// file in `.<Store>_SUPPORT/_EXTERNAL_DATA` beside it, and every file there is named by a record.
    public static let externalStorage = AppChecker(
        name: "external-storage",
        summary: "external-storage files of full-size + thumbnail records match their records",
        coversFiles: true
    ) { context in
        var problems: [String] = []
        for store in context.containerStores {
            do throws(CheckProblem) {
                guard let referenced = try externalNames(of: store, in: context) else { continue }
                problems += compare(referenced, folder: externalFolder(of: store), in: context)
            } catch {
                problems.append(error.sentence)
            }
        }
        return problems
    }

    /// The first byte of an external blob column (`PhotoRecordStore`'s marker), then the file name.
    private static let externalMarker = "x'02'"

    /// `.<Store>_SUPPORT/_EXTERNAL_DATA` beside the store, as Core Data names it.
    static func externalFolder(of store: String) -> String {
        let name = store.lastPathComponent
        let base = name.hasSuffix(".sqlite") ? String(name.dropLast(".sqlite".count)) : name
        return store.deletingLastPathComponent.appendingPathComponent(".\(base)_SUPPORT").appendingPathComponent("_EXTERNAL_DATA")
    }

    /// Table and key of each record naming an external file, or nil for a store of another shape.
    private static func externalNames(of store: String, in context: CheckContext) throws(CheckProblem) -> [String: String]? {
        try context.reading(store) { (database) throws(SQLiteError) -> [String: String]? in
            let tables = try database.tableNames()
            guard tables.contains("ZFULLRES"), tables.contains("ZTHUMBNAIL") else { return nil }
            var names: [String: String] = [:]
            for table in ["ZFULLRES", "ZTHUMBNAIL"] {
                let sql = "SELECT Z_PK, CAST(substr(ZIMAGEDATA, 2) AS TEXT) FROM \(table) "
                    + "WHERE substr(ZIMAGEDATA, 1, 1) = \(externalMarker) ORDER BY Z_PK"
                for row in try database.query(sql) {
                    if let name = row[1].text { names[name] = "\(table) Z_PK \(row[0].integer ?? 0)" }
                }
            }
            return names
        }
    }

    private static func compare(_ referenced: [String: String], folder: String, in context: CheckContext) -> [String] {
        let present = Set(context.names(in: folder).filter { !$0.hasPrefix(".") })
        var problems: [String] = []
        for name in referenced.keys.sorted() where !present.contains(name) {
            problems.append("\(referenced[name] ?? "a record") names \(context.relative(folder.appendingPathComponent(name))), which is missing")
        }
        for name in present.sorted() where referenced[name] == nil {
            problems.append("\(context.relative(folder.appendingPathComponent(name))) is named by no record")
        }
        return problems
    }
}
