import Core

/// Reading the app's stores for the checkers: read-only connections, opened and closed per read.
extension DeviceCheckup {
    /// A location row as the checkers need it.
    struct LocationRow {
        let primaryKey: Int64
        let photoID: Int?
    }

    /// MyLocations' store (`Library/Application Support/Locations.sqlite`) in the container.
    var locationStorePath: String { LocationStore.path(containerPath: containerPath) }

    /// The app's Documents folder.
    var documentsPath: String { LocationPhotos.documentsPath(containerPath: containerPath) }

    /// The location rows, or nil when the container has no location store; a store that cannot be
    /// read is a problem (thrown as its sentence).
    func locationRows() throws(CheckProblem) -> [LocationRow]? {
        guard fileSystem.fileExists(at: locationStorePath) else { return nil }
        return try reading(locationStorePath) { (database) throws(SQLiteError) in
            guard try database.tableNames().contains("ZLOCATION") else { return [] }
            let hasPhotoColumn = try database.columnNames(inTable: "ZLOCATION").contains("ZPHOTOID")
            let sql = hasPhotoColumn ? "SELECT Z_PK, ZPHOTOID FROM ZLOCATION ORDER BY Z_PK" : "SELECT Z_PK, NULL FROM ZLOCATION ORDER BY Z_PK"
            return try database.query(sql).map { row in
                LocationRow(primaryKey: row[0].integer ?? 0, photoID: row[1].integer.map { Int($0) })
            }
        }
    }

    /// Runs `body` on a read-only connection to `path` (opened once per checkup run); a failure
    /// becomes a problem naming the file.
    func reading<Result>(_ path: String, _ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(CheckProblem) -> Result {
        do throws(SQLiteError) {
            if let database = connections[path] { return try body(database) }
            let database = try SQLiteDatabase(path: path, options: SQLiteOpenOptions(access: .readOnly))
            connections[path] = database
            return try body(database)
        } catch {
            throw CheckProblem("\(relative(path)) cannot be read: \(error.kind.summary) (\(error))")
        }
    }

    /// The names in `folder`, none when it is missing.
    func names(in folder: String) -> [String] {
        (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
    }

    /// Every SQLite store in the container (`*.sqlite`, `*.sqlite3`, `*.db`), sorted, looking
    /// through folders up to four levels down and skipping hidden ones (external data).
    func containerStores() -> [String] {
        if let storesOfThisRun { return storesOfThisRun }
        var stores: [String] = []
        collectStores(in: containerPath, depth: 0, into: &stores)
        storesOfThisRun = stores.sorted()
        return stores.sorted()
    }

    private func collectStores(in folder: String, depth: Int, into stores: inout [String]) {
        for name in names(in: folder) where !name.hasPrefix(".") {
            let path = folder.appendingPathComponent(name)
            if Self.isStoreName(name) {
                stores.append(path)
            } else if depth < 4, (try? fileSystem.statusOfItem(at: path))??.kind == .directory {
                collectStores(in: path, depth: depth + 1, into: &stores)
            }
        }
    }

    static func isStoreName(_ name: String) -> Bool {
        name.hasSuffix(".sqlite") || name.hasSuffix(".sqlite3") || name.hasSuffix(".db")
    }
}

/// One problem a checker found, as a sentence; thrown from helpers that read the device.
struct CheckProblem: Error {
    let sentence: String
    init(_ sentence: String) { self.sentence = sentence }
}
