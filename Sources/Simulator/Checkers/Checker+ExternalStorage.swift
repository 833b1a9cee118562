import Core

extension Checker {
    /// PhotoBlobs-shaped stores (tables `ZFULLRES` and `ZTHUMBNAIL`): every blob kept outside
    /// the store names a file in `.<Store>_SUPPORT/_EXTERNAL_DATA` beside it, and every file
    /// there is named by a record (Core Data's external storage).
    public static let externalStorage = Checker(
        name: "external-storage",
        summary: "external-storage files of full-size + thumbnail records match their records"
    ) { checkup in
        checkup.externalStorageProblems()
    }
}

extension DeviceCheckup {
    /// The first byte of an external blob column (`PhotoRecordStore`'s marker), then the file name.
    private static let externalMarker = "x'02'"

    func externalStorageProblems() -> [String] {
        var problems: [String] = []
        for store in containerStores() {
            do throws(CheckProblem) {
                guard let referenced = try externalNames(of: store) else { continue }
                problems += compare(referenced, folder: Self.externalFolder(of: store))
            } catch {
                problems.append(error.sentence)
            }
        }
        return problems
    }

    /// `.<Store>_SUPPORT/_EXTERNAL_DATA` beside the store, as Core Data names it.
    static func externalFolder(of store: String) -> String {
        let name = store.lastPathComponent
        let base = name.hasSuffix(".sqlite") ? String(name.dropLast(".sqlite".count)) : name
        return store.deletingLastPathComponent.appendingPathComponent(".\(base)_SUPPORT").appendingPathComponent("_EXTERNAL_DATA")
    }

    /// Table and key of each record naming an external file, or nil for a store of another shape.
    private func externalNames(of store: String) throws(CheckProblem) -> [String: String]? {
        try reading(store) { (database) throws(SQLiteError) -> [String: String]? in
            let tables = try database.tableNames()
            guard tables.contains("ZFULLRES"), tables.contains("ZTHUMBNAIL") else { return nil }
            var names: [String: String] = [:]
            for table in ["ZFULLRES", "ZTHUMBNAIL"] {
                let sql = "SELECT Z_PK, CAST(substr(ZIMAGEDATA, 2) AS TEXT) FROM \(table) "
                    + "WHERE substr(ZIMAGEDATA, 1, 1) = \(Self.externalMarker) ORDER BY Z_PK"
                for row in try database.query(sql) {
                    if let name = row[1].text { names[name] = "\(table) Z_PK \(row[0].integer ?? 0)" }
                }
            }
            return names
        }
    }

    private func compare(_ referenced: [String: String], folder: String) -> [String] {
        let present = Set(names(in: folder).filter { !$0.hasPrefix(".") })
        var problems: [String] = []
        for name in referenced.keys.sorted() where !present.contains(name) {
            problems.append("\(referenced[name] ?? "a record") names \(relative(folder.appendingPathComponent(name))), which is missing")
        }
        for name in present.sorted() where referenced[name] == nil {
            problems.append("\(relative(folder.appendingPathComponent(name))) is named by no record")
        }
        return problems
    }
}
