import CSQLite
import Foundation

/// A value bound to or read from an SQLite statement.
public enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public var integer: Int64? { if case .integer(let value) = self { return value } else { return nil } }
    public var real: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
    public var text: String? { if case .text(let value) = self { return value } else { return nil } }
    public var blob: Data? { if case .blob(let value) = self { return value } else { return nil } }
}

/// One connection to a real SQLite file.
///
/// A thin, typed wrapper: statements are prepared once and cached, values are bound by
/// position, and every failure is an ``SQLiteError``. Not shared between threads.
///
/// ```swift
/// let database = try SQLiteDatabase(path: "Locations.sqlite", options: .durable())
/// try database.execute("CREATE TABLE IF NOT EXISTS T (A INTEGER)")
/// try database.run("INSERT INTO T (A) VALUES (?)", [.integer(1)])
/// let rows = try database.query("SELECT A FROM T")
/// ```
public final class SQLiteDatabase {
    /// How durable a commit is. `full` survives power loss; `normal` survives a process crash
    /// (in WAL mode) and is much faster.
    public enum Synchronous: String, Sendable { case off = "OFF", normal = "NORMAL", full = "FULL" }

    public let path: String
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    /// The busy handler's state; SQLite holds an unretained pointer to it while `handle` is open.
    private var busyHandler: SQLiteBusyHandler?
    /// The work bound's state, when the options set one; held the same way.
    private var progressHandler: SQLiteProgressHandler?

    /// Opens the file at `path` as `options` say: access (creating it or not, read-only,
    /// immutable), the WAL journal and its durability, and what to do when another connection
    /// holds the lock (``SQLiteBusyPolicy``; SQLite's sleeping busy timeout is never used).
    ///
    /// Switching to WAL is the first read of the file, so a file that is not a database fails
    /// here, as ``SQLiteError/Kind/notADatabase``.
    public init(path: String, options: SQLiteOpenOptions = SQLiteOpenOptions()) throws(SQLiteError) {
        self.path = path
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(Self.fileName(path, options.access), &connection,
                                   Self.flags(options.access) | SQLITE_OPEN_NOMUTEX, options.vfsName)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            let systemErrno = connection.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(connection)
            throw SQLiteError(code: code, message: message, context: "opening \(path)", systemErrno: systemErrno)
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        busyHandler = SQLiteBusyHandler.install(options.busy, on: connection)
        progressHandler = SQLiteProgressHandler.install(maximumSteps: options.maximumStepsPerStatement, on: connection)
        guard let synchronous = options.writeAheadLog else { return }
        do {
            try useWriteAheadLog(synchronous: synchronous)
        } catch {
            close()
            throw error
        }
    }

    private static func flags(_ access: SQLiteOpenOptions.Access) -> Int32 {
        switch access {
        case .readWriteCreating: return SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: return SQLITE_OPEN_READWRITE
        case .readOnly: return SQLITE_OPEN_READONLY
        case .immutable: return SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
        }
    }

    /// The name SQLite opens: the path, or for an immutable file a `file:` URI saying so.
    private static func fileName(_ path: String, _ access: SQLiteOpenOptions.Access) -> String {
        guard access == .immutable else { return path }
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return "file:" + escaped + "?immutable=1"
    }

    deinit {
        close()
    }

    /// Finalizes every cached statement and closes the connection. Safe to call twice.
    public func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
        busyHandler = nil
        progressHandler = nil
    }

    /// Sets the WAL journal and the commit durability.
    public func useWriteAheadLog(synchronous: Synchronous) throws(SQLiteError) {
        let mode = try query("PRAGMA journal_mode=WAL").first?.first?.text
        guard mode?.lowercased() == "wal" else {
            throw SQLiteError(code: SQLITE_ERROR, message: "journal_mode is \(mode ?? "unknown")", context: path)
        }
        try execute("PRAGMA synchronous=\(synchronous.rawValue)")
    }

    /// Runs one or more statements that bind nothing and return nothing.
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        progressHandler?.startStatement()
        let code = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: code, message: message, context: sql, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs a statement that returns no rows.
    public func run(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepared(sql, values)
        defer { sqlite3_reset(statement) }
        progressHandler?.startStatement()
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw error(code, sql) }
    }

    /// Runs a query and returns every row as an array of column values.
    public func query(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        try forEachRow(sql, values) { rows.append($0) }
        return rows
    }

    /// Runs a query and hands each row to `body` without collecting them.
    public func forEachRow(_ sql: String, _ values: [SQLiteValue] = [],
                           _ body: ([SQLiteValue]) -> Void) throws(SQLiteError) {
        try stepRows(sql, values) { row in body(row); return true }
    }

    /// The first `limit` rows of a query, and whether it had more; the rest are never computed,
    /// so a query that would return rows without end stops at the bound.
    public func firstRows(_ sql: String, _ values: [SQLiteValue] = [],
                          limit: Int) throws(SQLiteError) -> (rows: [[SQLiteValue]], hasMore: Bool) {
        precondition(limit >= 0, "a row limit is not negative")
        var rows: [[SQLiteValue]] = []
        var hasMore = false
        try stepRows(sql, values) { row in
            guard rows.count < limit else { hasMore = true; return false }
            rows.append(row)
            return true
        }
        return (rows, hasMore)
    }

    /// Steps a query, handing each row to `body` while it returns true.
    private func stepRows(_ sql: String, _ values: [SQLiteValue], _ body: ([SQLiteValue]) -> Bool) throws(SQLiteError) {
        let statement = try prepared(sql, values)
        defer { sqlite3_reset(statement) }
        let columns = sqlite3_column_count(statement)
        progressHandler?.startStatement()
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw error(code, sql) }
            guard body((0..<columns).map { column(statement, $0) }) else { return }
        }
    }

    /// The rowid of the last successful insert on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changedRowCount: Int { Int(sqlite3_changes(handle)) }

    // MARK: - Statements

    private func prepared(_ sql: String, _ values: [SQLiteValue]) throws(SQLiteError) -> OpaquePointer {
        let statement: OpaquePointer
        if let cached = statements[sql] {
            statement = cached
            sqlite3_clear_bindings(statement)
        } else {
            var fresh: OpaquePointer?
            let code = sqlite3_prepare_v2(handle, sql, -1, &fresh, nil)
            guard code == SQLITE_OK, let fresh else { throw error(code, sql) }
            statements[sql] = fresh
            statement = fresh
        }
        for (offset, value) in values.enumerated() {
            let code = bind(value, to: statement, at: Int32(offset + 1))
            guard code == SQLITE_OK else { throw error(code, sql) }
        }
        return statement
    }

    private func bind(_ value: SQLiteValue, to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(statement, index)
        case .integer(let number):
            return sqlite3_bind_int64(statement, index, number)
        case .real(let number):
            return sqlite3_bind_double(statement, index, number)
        case .text(let string):
            return sqlite3_bind_text(statement, index, string, -1, sqliteTransient)
        case .blob(let data):
            return data.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(statement, index, buffer.baseAddress, sqlite3_uint64(buffer.count), sqliteTransient)
            }
        }
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            return .text(String(cString: sqlite3_column_text(statement, index)))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }

    private func error(_ code: Int32, _ context: String) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), context: context,
                    systemErrno: sqlite3_system_errno(handle))
    }
}

/// `SQLITE_TRANSIENT` is a C macro (`(sqlite3_destructor_type)-1`) that Swift cannot import:
/// it tells SQLite to copy the bound bytes before the call returns.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
