import CSQLite
@testable import Core
import Foundation
import PhotoSimTesting
import Testing

/// A connection's bound on one statement's work (`sqlite3_progress_handler`): a query that
/// never ends stops at it with its own kind of error; every statement starts with the whole bound.
@Suite struct SQLiteWorkLimitTests {
    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"

    func database(maximumSteps: Int?) throws -> (SQLiteDatabase, TemporaryFolder) {
        let folder = try TemporaryFolder(prefix: "photosim-core-")
        let path = folder.appending("bound.sqlite")
        try SQLiteDatabase(path: path).execute("CREATE TABLE T (A INTEGER); INSERT INTO T VALUES (1), (2)")
        var options = SQLiteOpenOptions(access: .readOnly)
        options.maximumStepsPerStatement = maximumSteps
        return (try SQLiteDatabase(path: path, options: options), folder)
    }

    @Test func aQueryThatNeverEndsStopsAtTheBoundAsWorkLimitReached() throws {
        let (database, folder) = try database(maximumSteps: 50_000)
        defer { withExtendedLifetime(folder) {} }
        #expect {
            try database.query(Self.endless)
        } throws: { error in
            let error = error as? SQLiteError
            return error?.kind == .workLimitReached && error?.code == SQLITE_INTERRUPT
                && error?.description.hasPrefix("the statement did more work than its bound allows") == true
        }
        #expect(try database.query("SELECT sum(A) FROM T") == [[.integer(3)]], "the next statement has the whole bound again")
        #expect(try database.query("SELECT sum(A) FROM T") == [[.integer(3)]])
    }

    @Test func firstRowsStopsAnEndlessListOfRowsAtItsLimit() throws {
        let (database, folder) = try database(maximumSteps: nil)
        defer { withExtendedLifetime(folder) {} }
        let endlessRows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
        let (rows, hasMore) = try database.firstRows(endlessRows, limit: 3)
        #expect(rows == [[.integer(1)], [.integer(2)], [.integer(3)]] && hasMore)
        let all = try database.firstRows("SELECT A FROM T ORDER BY A", limit: 2)
        #expect(all.rows == [[.integer(1)], [.integer(2)]] && !all.hasMore)
    }
}
