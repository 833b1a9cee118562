import Core
import Platform

/// MyLocations' own checkers: its photo files and its photo IDs, read from its store
/// (`Library/Application Support/Locations.sqlite`), `Documents/Photo-<id>.jpg` and its
/// preferences, as the seed's text defines them.
public enum MyLocationsCheckers {
    /// No photo file without a row and no row naming a missing file (`Documents/Photo-<id>.jpg`,
    /// with the temporary `.Photo-<id>.jpg.XXXXXX` of an interrupted write counted as a
    /// leftover). While the app is not running a leftover is excused: a kill may leave one
    /// mid-save, and MyLocations' launch removes it (`removeOrphanedPhotoFiles()`,
    /// docs/faults.md), so the check after the relaunch is where a leftover counts. While it runs,
    /// so is a file whose removal an injected fault failed (``Platform/CheckContext/failedRemovals``):
    /// the app cannot remove it, and the same sweep takes it at the next launch.
    public static let photoFiles = AppChecker(
        name: "photo-files",
        summary: "every Documents/Photo-<id>.jpg has a location row and every row's photo file exists",
        coversFiles: true
    ) { context in
        photoFileProblems(in: context)
    }

    /// Photo IDs are never reused: no two rows share one, an ID once seen (on a row, or on a file
    /// no row named) never comes back on another location, and the `PhotoID` counter is at or
    /// above every ID ever seen. The rule remembers every ID across relaunches.
    public static let photoIDs = AppChecker(
        name: "photo-ids",
        summary: "no photo ID is given twice, across relaunches; the PhotoID counter is at or above every ID seen"
    ) { PhotoIDRule() }

    /// A location row as the checkers need it.
    struct LocationRow {
        let primaryKey: Int64
        let photoID: Int?
    }

    /// The location rows, or nil when the container has no location store; a store that cannot be
    /// read is a problem (thrown as its sentence).
    static func locationRows(in context: CheckContext) throws(CheckProblem) -> [LocationRow]? {
        let path = LocationStore.path(containerPath: context.containerPath)
        guard context.fileSystem.fileExists(at: path) else { return nil }
        return try context.reading(path) { (database) throws(SQLiteError) in
            guard try database.tableNames().contains("ZLOCATION") else { return [] }
            let hasPhotoColumn = try database.columnNames(inTable: "ZLOCATION").contains("ZPHOTOID")
            let sql = hasPhotoColumn ? "SELECT Z_PK, ZPHOTOID FROM ZLOCATION ORDER BY Z_PK" : "SELECT Z_PK, NULL FROM ZLOCATION ORDER BY Z_PK"
            return try database.query(sql).map { row in
                LocationRow(primaryKey: row[0].integer ?? 0, photoID: row[1].integer.map { Int($0) })
            }
        }
    }

    static func documentsPath(_ context: CheckContext) -> String {
        LocationPhotos.documentsPath(containerPath: context.containerPath)
    }

    /// `Photo-<digits>.jpg`, also `Photo-0.jpg` (which only a buggy build writes).
    static func isPhotoFileName(_ name: String) -> Bool {
        guard name.hasPrefix("Photo-"), name.hasSuffix(".jpg") else { return false }
        let digits = name.dropFirst("Photo-".count).dropLast(".jpg".count)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    private static func photoFileProblems(in context: CheckContext) -> [String] {
        let rows: [LocationRow]
        do throws(CheckProblem) {
            guard let read = try locationRows(in: context) else { return leftoverPhotoFiles(named: [], in: context) }
            rows = read
        } catch {
            return [error.sentence]
        }
        var named: Set<String> = []
        var problems: [String] = []
        for row in rows {
            guard let photoID = row.photoID else { continue }
            let name = "Photo-\(photoID).jpg"
            named.insert(name)
            let path = documentsPath(context).appendingPathComponent(name)
            if !context.fileSystem.fileExists(at: path) {
                problems.append("location Z_PK \(row.primaryKey) names photo \(photoID), but \(context.relative(path)) is missing")
            }
        }
        return problems + leftoverPhotoFiles(named: named, in: context)
    }

    /// Photo files (and temporary photo files) in Documents that no row names. They count only
    /// while the app runs: one a kill left is the next launch's to remove, and so is one the app
    /// failed to remove because of an injected fault.
    private static func leftoverPhotoFiles(named: Set<String>, in context: CheckContext) -> [String] {
        guard context.isAppRunning else { return [] }
        let documents = documentsPath(context)
        let failedRemovals = context.failedRemovals
        let store = context.relative(LocationStore.path(containerPath: context.containerPath))
        return context.names(in: documents).compactMap { name in
            let isPhoto = isPhotoFileName(name), isTemporary = name.hasPrefix(".Photo-")
            guard (isPhoto && !named.contains(name)) || isTemporary else { return nil }
            let path = context.relative(documents.appendingPathComponent(name))
            guard !failedRemovals.contains(path) else { return nil }
            return isTemporary ? "\(path) is the temporary file of an unfinished photo write" : "\(path) has no location row in \(store)"
        }
    }
}

/// The state of ``MyLocationsCheckers/photoIDs`` on one device: every photo ID ever seen.
final class PhotoIDRule: AppCheckRule {
    /// Photo ID → the location (`Z_PK`) that first had it, or 0 for a file no row named.
    private var owners: [Int: Int64] = [:]

    func problems(in context: CheckContext) -> [String] {
        let rows: [MyLocationsCheckers.LocationRow]
        do throws(CheckProblem) {
            guard let read = try MyLocationsCheckers.locationRows(in: context) else { return [] }
            rows = read
        } catch {
            return [error.sentence]
        }
        var problems: [String] = []
        var seenNow: [Int: Int64] = [:]
        for row in rows {
            guard let photoID = row.photoID else { continue }
            if let other = seenNow[photoID] {
                problems.append("photo ID \(photoID) is used by locations Z_PK \(other) and \(row.primaryKey) at once")
            }
            seenNow[photoID] = row.primaryKey
            if let owner = owners[photoID], owner != row.primaryKey {
                let first = owner == 0 ? "first seen on a file no row named" : "first given to location Z_PK \(owner)"
                problems.append("photo ID \(photoID), \(first), is used again by location Z_PK \(row.primaryKey)")
            } else if owners[photoID] == nil {
                owners[photoID] = row.primaryKey
            }
        }
        recordUnnamedPhotoFiles(named: Set(seenNow.keys), in: context)
        if let counterProblem = counterProblem(in: context) { problems.append(counterProblem) }
        return problems
    }

    /// Files whose ID no row names count as handed out: an ID must not come back on a location.
    private func recordUnnamedPhotoFiles(named: Set<Int>, in context: CheckContext) {
        for name in context.names(in: MyLocationsCheckers.documentsPath(context)) where MyLocationsCheckers.isPhotoFileName(name) {
            guard let photoID = Int(name.dropFirst("Photo-".count).dropLast(".jpg".count)), photoID > 0,
                  !named.contains(photoID), owners[photoID] == nil else { continue }
            owners[photoID] = 0
        }
    }

    /// The counter behind the largest ID ever seen would hand that ID out again.
    private func counterProblem(in context: CheckContext) -> String? {
        guard let largest = owners.keys.max() else { return nil }
        let bundle = context.bundleIdentifier.rawValue
        let path = Preferences.path(containerPath: context.containerPath, bundleIdentifier: bundle)
        let counter: Int
        do throws(PreferencesError) {
            let preferences = try Preferences(containerPath: context.containerPath, bundleIdentifier: bundle,
                                              fileSystem: context.fileSystem)
            counter = try PhotoIDAllocator(preferences: preferences).lastPhotoID()?.rawValue ?? 0
        } catch {
            return "the PhotoID counter in \(context.relative(path)) cannot be read: \(error)"
        }
        guard counter < largest else { return nil }
        return "the PhotoID counter in \(context.relative(path)) is \(counter), below photo ID \(largest) handed out before: "
            + "the next photo would reuse an ID"
    }
}
