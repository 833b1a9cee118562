import Foundation

/// A durable list of library assets the user did something with, by `localIdentifier`.
///
/// The app keeps references, not copies: each entry is an ``AssetIdentifier``, an
/// ``AssetAction`` and the date from the ``WallClock``. The entries live in their own SQLite file
/// (WAL, `synchronous=FULL`: an entry is durable when ``record(_:for:)`` returns) and survive
/// relaunches. ``resolve(with:)`` finds their assets with one batched ``AssetLookup`` call, so
/// resolving costs an index lookup per distinct asset, not a scan of the library per entry.
///
/// ```swift
/// let log = try AssetReferenceLog(path: AssetReferenceLog.path(containerPath: container), clock: clock)
/// try log.record(.shared, for: identifier)
/// let resolution = try log.resolve(with: library)   // .resolved and .missing (deleted assets)
/// ```
public final class AssetReferenceLog {
    /// The `user_version` this code writes and reads.
    public static let formatVersion: Int64 = 1

    /// The SQLite file.
    public let path: String
    private let clock: WallClock
    /// Where the crash points of recording are reached (the file system the log was opened with).
    private let crashPoints: FileSystem?
    let database: SQLiteDatabase

    private static let insertSQL = "INSERT INTO ASSET_REFERENCE (LOCAL_IDENTIFIER, ACTION, DATE) VALUES (?, ?, ?)"
    private static let selectAllSQL = "SELECT ID, LOCAL_IDENTIFIER, ACTION, DATE FROM ASSET_REFERENCE ORDER BY ID"
    private static let selectForIdentifierSQL =
        "SELECT ID, LOCAL_IDENTIFIER, ACTION, DATE FROM ASSET_REFERENCE WHERE LOCAL_IDENTIFIER = ? ORDER BY ID"
    private static let schemaSQL = """
        CREATE TABLE ASSET_REFERENCE (ID INTEGER PRIMARY KEY AUTOINCREMENT, LOCAL_IDENTIFIER TEXT NOT NULL,
                                      ACTION TEXT NOT NULL, DATE REAL NOT NULL);
        CREATE INDEX ASSET_REFERENCE_LOCAL_IDENTIFIER ON ASSET_REFERENCE (LOCAL_IDENTIFIER);
        PRAGMA user_version = \(formatVersion);
        """

    /// Opens the log at `path`, creating it when the file does not exist or is empty.
    /// - Parameter busy: what to do when another connection holds the write lock; by default
    ///   fail at once with ``AssetReferenceLogError/sqlite(_:)`` of kind ``SQLiteError/Kind/busy``.
    /// - Throws: ``AssetReferenceLogError/cannotOpen(path:reason:)``, ``AssetReferenceLogError/notADatabase(path:)``,
    ///   ``AssetReferenceLogError/unsupportedFormat(path:formatVersion:)``.
    /// - Parameter fileSystem: when given, its SQLite VFS opens the log and its crash points mark
    ///   each record (``CrashPoint/assetsRecordBeforeInsert``); by default SQLite's own.
    public init(path: String, clock: WallClock, busy: SQLiteBusyPolicy = .failAtOnce,
                fileSystem: FileSystem? = nil) throws(AssetReferenceLogError) {
        self.path = path
        self.clock = clock
        self.crashPoints = fileSystem
        do {
            database = try SQLiteDatabase(path: path, options: .durable(busy: busy, vfsName: fileSystem?.sqliteVFSName))
        } catch {
            switch error.kind {
            case .notADatabase: throw .notADatabase(path: path)
            case .cannotOpen: throw .cannotOpen(path: path, reason: error.message)
            default: throw .sqlite(error)
            }
        }
        try prepareSchema()
    }

    /// Where the app keeps its log inside its data container.
    public static func path(containerPath: String) -> String {
        containerPath.appendingPathComponent("Library/Application Support/AssetReferences.sqlite")
    }

    /// Closes the connection; the log cannot be used afterwards.
    public func close() {
        database.close()
    }

    /// Appends an entry stamped with the clock's time and returns it once it is durable.
    @discardableResult
    public func record(_ action: AssetAction, for identifier: AssetIdentifier) throws(AssetReferenceLogError) -> AssetReference {
        let date = clock.now
        try reach(.assetsRecordBeforeInsert)
        try sqlite { () throws(SQLiteError) in
            try database.run(Self.insertSQL, [.text(identifier.rawValue), .text(action.rawValue),
                                              .real(date.timeIntervalSinceReferenceDate)])
        }
        try reach(.assetsRecordAfterCommit)
        return AssetReference(sequence: database.lastInsertedRowID, identifier: identifier, action: action, date: date)
    }

    /// Every entry, in the order recorded.
    public func references() throws(AssetReferenceLogError) -> [AssetReference] {
        try decode(try sqlite { () throws(SQLiteError) in try database.query(Self.selectAllSQL) })
    }

    /// The entries for one asset, in the order recorded (an index lookup).
    public func references(to identifier: AssetIdentifier) throws(AssetReferenceLogError) -> [AssetReference] {
        try decode(try sqlite { () throws(SQLiteError) in
            try database.query(Self.selectForIdentifierSQL, [.text(identifier.rawValue)])
        })
    }

    /// Matches every entry with its asset through one call to `lookup` with the distinct
    /// identifiers (sorted, so the call is the same on every run); entries whose asset is gone
    /// are reported in ``AssetResolution/missing``.
    public func resolve(with lookup: AssetLookup) throws(AssetReferenceLogError) -> AssetResolution {
        let entries = try references()
        let identifiers = Set(entries.map(\.identifier)).sorted()
        let found: [AssetIdentifier: AssetSummary]
        do {
            found = identifiers.isEmpty ? [:] : try lookup.assets(for: identifiers)
        } catch {
            throw .lookupFailed(reason: String(describing: error))
        }
        var resolved: [AssetResolution.Resolved] = []
        var missing: [AssetReference] = []
        for entry in entries {
            if let asset = found[entry.identifier] {
                resolved.append(AssetResolution.Resolved(reference: entry, asset: asset))
            } else {
                missing.append(entry)
            }
        }
        return AssetResolution(resolved: resolved, missing: missing)
    }

    // MARK: - Rows

    /// Creates the table in a new file, or checks that an existing file is a log of this format.
    private func prepareSchema() throws(AssetReferenceLogError) {
        try database.transaction(reportingSQLiteErrorsAs: { AssetReferenceLogError.sqlite($0) }) {
            () throws(AssetReferenceLogError) in
            let version = try sqlite { () throws(SQLiteError) in try database.userVersion() }
            let tables = try sqlite { () throws(SQLiteError) in try database.tableNames() }
            if version == 0 && tables.isEmpty {
                try sqlite { () throws(SQLiteError) in try database.execute(Self.schemaSQL) }
            } else if version != Self.formatVersion || !tables.contains("ASSET_REFERENCE") {
                throw .unsupportedFormat(path: path, formatVersion: version)
            }
        }
    }

    private func decode(_ rows: [[SQLiteValue]]) throws(AssetReferenceLogError) -> [AssetReference] {
        var entries: [AssetReference] = []
        entries.reserveCapacity(rows.count)
        for row in rows {
            let sequence = row[0].integer ?? 0
            guard let identifier = row[1].text.flatMap(AssetIdentifier.init(rawValue:)) else {
                throw .corruptEntry(path: path, sequence: sequence, reason: "\(row[1]) is not a library asset identifier (<UUID>/L0/001)")
            }
            guard let action = row[2].text.flatMap(AssetAction.init(rawValue:)) else {
                let known = AssetAction.allCases.map(\.rawValue).joined(separator: ", ")
                throw .corruptEntry(path: path, sequence: sequence, reason: "\(row[2]) is not an action (\(known))")
            }
            guard let seconds = row[3].real else {
                throw .corruptEntry(path: path, sequence: sequence, reason: "DATE is not a number of seconds")
            }
            entries.append(AssetReference(sequence: sequence, identifier: identifier, action: action,
                                          date: Date(timeIntervalSinceReferenceDate: seconds)))
        }
        return entries
    }

    /// A crash point of recording; its interruption is reported as the log failing.
    private func reach(_ point: CrashPoint) throws(AssetReferenceLogError) {
        do {
            try crashPoints?.reach(point)
        } catch {
            throw .cannotOpen(path: path, reason: error.description)
        }
    }

    private func sqlite<Result>(_ body: () throws(SQLiteError) -> Result) throws(AssetReferenceLogError) -> Result {
        try SQLiteError.reported(as: { AssetReferenceLogError.sqlite($0) }, body)
    }
}
