@testable import Core

/// Ways to make SQLite fail for real in a test.
enum SQLiteTestSupport {
    /// Caps the database at the pages it has now (`PRAGMA max_page_count`, for this connection
    /// only), so the next write that needs a new page fails with a real `SQLITE_FULL`.
    static func capAtCurrentSize(_ database: SQLiteDatabase) throws {
        let pages = try database.query("PRAGMA page_count").first?.first?.integer ?? 0
        try database.execute("PRAGMA max_page_count = \(pages)")
    }
}
