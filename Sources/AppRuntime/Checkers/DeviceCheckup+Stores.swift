import Core
import Platform

/// Reading the app's stores for the checkers: read-only connections, opened once per run.
extension DeviceCheckup {
    /// Runs `body` on a read-only connection to `path` (opened once per checkup run); a failure
    /// becomes a problem naming the file.
    public func reading<Result>(_ path: String, _ body: (SQLiteDatabase) throws(SQLiteError) -> Result) throws(CheckProblem) -> Result {
        do throws(SQLiteError) {
            if let database = connections[path] { return try body(database) }
            let database = try SQLiteDatabase(path: path, options: SQLiteOpenOptions(access: .readOnly))
            connections[path] = database
            return try body(database)
        } catch {
            throw CheckProblem("\(relative(path)) cannot be read: \(error.kind.summary) (\(error))")
        }
    }

    /// Every SQLite store in the container (`*.sqlite`, `*.sqlite3`, `*.db`), sorted, looking
    /// through folders up to four levels down and skipping hidden ones (external data).
    public var containerStores: [String] {
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
