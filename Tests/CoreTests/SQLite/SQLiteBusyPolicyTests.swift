@testable import Core
import Foundation
import PhotoSimTesting
import Testing

/// What a connection does when another holds the write lock: fail at once, or pause through the
/// ``BusyWaiting`` seam up to a bound, never sleeping inside SQLite. Time is virtual: the waiter
/// counts its pauses, and its pause callback lets the other connection commit at a chosen one.
@Suite struct SQLiteBusyPolicyTests {
    let folder: TemporaryFolder
    var path: String { folder.appending("shared.sqlite") }

    init() throws {
        folder = try TemporaryFolder(prefix: "photosim-core-")
    }

    /// A connection holding the write lock (`BEGIN IMMEDIATE`) on a fresh database.
    func holder() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path, options: .durable())
        try database.execute("CREATE TABLE IF NOT EXISTS T (A INTEGER)")
        try database.execute("BEGIN IMMEDIATE")
        return database
    }

    func contender(_ busy: SQLiteBusyPolicy) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: path, options: .durable(busy: busy))
    }

    @Test func failAtOnceReportsBusyWithoutWaiting() throws {
        let holding = try holder()
        let contending = try contender(.failAtOnce)
        #expect {
            try contending.transaction { () throws(SQLiteError) in try contending.run("INSERT INTO T VALUES (1)") }
        } throws: { error in
            (error as? SQLiteError)?.kind == .busy && "\(error)".hasPrefix("another program holds the database")
        }
        try holding.execute("ROLLBACK")
    }

    @Test func aZeroBoundNeverAsksTheWaiter() throws {
        let holding = try holder()
        let waiting = VirtualBusyWaiting()
        let contending = try contender(.waiting(waiting, timeoutSeconds: 0))
        #expect(throws: SQLiteError.self) { try contending.execute("BEGIN IMMEDIATE") }
        #expect(waiting.pauseCount == 0)
        try holding.execute("ROLLBACK")
    }

    /// A bound of 1 s in pauses of 0.25 s: four pauses, then busy; a second wait starts its own
    /// bound rather than failing at once on the first one's elapsed time.
    @Test func aBoundedWaiterIsAskedUntilTheBoundThenFails() throws {
        let holding = try holder()
        let waiting = VirtualBusyWaiting()
        let contending = try contender(.waiting(waiting, timeoutSeconds: 1, pauseSeconds: 0.25))
        for round in 1...2 {
            #expect {
                try contending.execute("BEGIN IMMEDIATE")
            } throws: { error in
                (error as? SQLiteError)?.kind == .busy
            }
            #expect(waiting.pauseCount == 4 * round, "round \(round)")
        }
        try holding.execute("ROLLBACK")
    }

    @Test func aWaitSucceedsWhenTheOtherConnectionCommitsInBetween() throws {
        let holding = try holder()
        try holding.run("INSERT INTO T VALUES (1)")
        let waiting = VirtualBusyWaiting { pause in
            if pause == 2 { try? holding.execute("COMMIT") }
        }
        let contending = try contender(.waiting(waiting, timeoutSeconds: 1, pauseSeconds: 0.25))
        try contending.transaction { () throws(SQLiteError) in try contending.run("INSERT INTO T VALUES (2)") }
        #expect(waiting.pauseCount == 2)
        #expect(try contending.query("SELECT A FROM T ORDER BY A") == [[.integer(1)], [.integer(2)]])
    }

    /// The stores pass their policy through: a location store told to wait inserts once the
    /// other connection commits, and by default fails busy at once with words.
    @Test func aStoreWaitsOrFailsAsItsPolicySays() throws {
        let storePath = folder.appending("Locations.sqlite")
        var holding: SQLiteDatabase?
        let waiting = VirtualBusyWaiting { _ in try? holding?.execute("COMMIT") }
        let impatient = try LocationStore(path: storePath, random: SplitMix64(seed: 1))
        let patient = try LocationStore(path: storePath, random: SplitMix64(seed: 1), busy: .waiting(waiting, timeoutSeconds: 1))
        holding = try SQLiteDatabase(path: storePath, options: .durable())
        try holding?.execute("BEGIN IMMEDIATE")

        #expect {
            try impatient.insert(LocationFixtures.details(1))
        } throws: { error in
            guard case LocationStoreError.sqlite(let cause) = error else { return false }
            return cause.kind == .busy && "\(error)".contains("another program holds the database")
        }
        #expect(throws: LocationStoreError.self, "opening checks the schema under the write lock, so it fails busy too") {
            try LocationStore(path: storePath, random: SplitMix64(seed: 1))
        }
        #expect(waiting.pauseCount == 0, "opening took the lock before the other connection did")

        let inserted = try patient.insert(LocationFixtures.details(1))
        #expect(waiting.pauseCount == 1)
        #expect(try patient.allLocations() == [inserted])
    }
}
