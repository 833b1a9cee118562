@testable import Core
import Testing

/// Where the first statement of a text of SQL ends, as SQLite reads it: what follows is
/// allowed only when it is whitespace, comments or empty statements.
@Suite struct SQLiteStatementsTests {
    @Test("one statement, whatever blank or commented text follows it", arguments: [
        "SELECT 1", "SELECT 1;", "SELECT 1;  \n", "SELECT 1; -- done", "SELECT 1; /* note */ ;;", "SELECT ';' AS x; ",
        "SELECT \"a;b\" FROM t", "SELECT * FROM nowhere; -- a table the scratch connection lacks", "", "SELECT FROM; junk",
        "SELECT 'é; ü';",
    ])
    func oneStatementPasses(_ sql: String) {
        #expect(SQLiteDatabase.textAfterFirstStatement(of: sql) == nil, "\(sql)")
    }

    @Test("a second statement, or anything SQLite reads as one, is what follows the first", arguments: [
        ("SELECT 1; junk", "junk"), ("SELECT 1;\nDROP TABLE t", "DROP TABLE t"), ("SELECT 1; -- c\nSELECT 2", "-- c\nSELECT 2"),
        ("SELECT * FROM nowhere; DELETE FROM t", "DELETE FROM t"), ("SELECT 'a;'; ;x", ";x"), ("SELECT 1;;SELECT 2", ";SELECT 2"),
    ])
    func anotherStatementIsReported(_ sql: String, rest: String) {
        #expect(SQLiteDatabase.textAfterFirstStatement(of: sql) == rest, "\(sql)")
    }
}
