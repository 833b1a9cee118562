import Core
import Platform

extension Checker {
    /// `PRAGMA integrity_check` answers `ok` on every SQLite store of the app's data container
    /// (`*.sqlite`, `*.sqlite3`, `*.db`) and on the device's media library database.
    public static let storeIntegrity = Checker(
        name: "store-integrity",
        summary: "PRAGMA integrity_check is ok on every store of the app container and the media library"
    ) { checkup in
        checkup.storeIntegrityProblems()
    }
}

extension DeviceCheckup {
    func storeIntegrityProblems() -> [String] {
        var problems: [String] = []
        for store in containerStores {
            do throws(CheckProblem) {
                let answers = try reading(store) { (database) throws(SQLiteError) in
                    try database.query("PRAGMA integrity_check").compactMap { $0.first?.text }
                }
                if answers != ["ok"] {
                    problems.append("\(relative(store)) fails PRAGMA integrity_check: " + answers.prefix(3).joined(separator: "; "))
                }
            } catch {
                problems.append(error.sentence)
            }
        }
        let library = mediaLibrary
        let answers = library.integrityCheck()
        if answers != ["ok"] {
            problems.append("the media library database \(library.databasePath) fails PRAGMA integrity_check: "
                + answers.prefix(3).joined(separator: "; "))
        }
        return problems
    }
}
