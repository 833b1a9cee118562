import CSQLite

/// Where the first statement of a text of SQL ends, as SQLite itself reads it.
extension SQLiteDatabase {
    /// The text after the first statement of `sql` (from its first non-blank character) when
    /// that holds another statement; nil when `sql` is one statement, perhaps followed by
    /// whitespace, comments or empty statements (`;`).
    ///
    /// SQLite finds the end, on a scratch in-memory connection, so strings, quoted names and
    /// comments are read as SQLite reads them: `sqlite3_prepare_v2`'s tail after the first
    /// statement, trusted when `sqlite3_complete` says the text up to it is a whole statement
    /// (one that names tables the scratch connection lacks still ends at its `;`). Each piece
    /// after it is prepared in turn; only pieces that prepare to nothing pass. A first statement
    /// SQLite cannot parse at all gives nil: running it reports SQLite's own error.
    ///
    /// ```swift
    /// SQLiteDatabase.textAfterFirstStatement(of: "SELECT 1; -- done")   // nil
    /// SQLiteDatabase.textAfterFirstStatement(of: "SELECT 1; junk")      // "junk"
    /// ```
    public static func textAfterFirstStatement(of sql: String) -> String? {
        var scratch: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &scratch, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY, nil) == SQLITE_OK,
              let scratch else {
            preconditionFailure("SQLite could not open an in-memory database (out of memory)")
        }
        defer { sqlite3_close_v2(scratch) }
        let bytes = Array(sql.utf8CString)
        return bytes.withUnsafeBufferPointer { buffer -> String? in
            guard let start = buffer.baseAddress else { return nil }
            let firstEnd = tail(of: start, on: scratch).end
            guard firstEnd.offset(from: start) > 0, sqlite3_complete(String(prefix: start, upTo: firstEnd)) == 1 else { return nil }
            var piece = firstEnd
            while piece.pointee != 0 {
                let (end, empty) = tail(of: piece, on: scratch)
                guard empty, end > piece else {
                    return String(cString: piece).trimmingLeadingWhitespace
                }
                piece = end
            }
            return nil
        }
    }

    /// Prepares the first statement at `text` on `connection` and finalizes it: where it ended,
    /// and whether it was empty (only whitespace, comments or `;`) and prepared without error.
    private static func tail(of text: UnsafePointer<CChar>, on connection: OpaquePointer)
        -> (end: UnsafePointer<CChar>, empty: Bool)
    {
        var statement: OpaquePointer?
        var end: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v2(connection, text, -1, &statement, &end)
        sqlite3_finalize(statement)
        return (end ?? text, code == SQLITE_OK && statement == nil)
    }
}

private extension UnsafePointer where Pointee == CChar {
    /// How many bytes `self` lies after `start`.
    func offset(from start: UnsafePointer<CChar>) -> Int { start.distance(to: self) }
}

private extension String {
    /// The UTF-8 bytes from `start` up to (not including) `end`.
    init(prefix start: UnsafePointer<CChar>, upTo end: UnsafePointer<CChar>) {
        let count = start.distance(to: end)
        self = start.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }

    /// The text without the spaces, tabs and line breaks it starts with.
    var trimmingLeadingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
    }
}
