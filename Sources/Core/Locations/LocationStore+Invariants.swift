extension LocationStore {
    /// The rules every store written by this code keeps, one line per broken rule (empty when
    /// all hold): keys below `Z_MAX`, one entity, versions from 1, and photo IDs positive and
    /// unique (two locations sharing a photo ID would overwrite each other's file).
    public func invariantViolations() throws(LocationStoreError) -> [String] {
        var checks: [(sql: String, message: String)] = [
            ("SELECT COUNT(*) FROM ZLOCATION WHERE Z_PK > (SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = 1)",
             "rows with Z_PK above Z_MAX (a later insert would reuse their key)"),
            ("SELECT COUNT(*) FROM ZLOCATION WHERE Z_ENT IS NOT 1", "rows of another entity than Location"),
            ("SELECT COUNT(*) FROM ZLOCATION WHERE NOT (Z_OPT >= 1)", "rows with a version (Z_OPT) below 1"),
        ]
        if model.hasPhotoID {
            checks.append(("SELECT COUNT(*) FROM ZLOCATION WHERE ZPHOTOID IS NOT NULL AND NOT (ZPHOTOID > 0)",
                           "rows whose photo ID is not positive"))
            checks.append(("SELECT COUNT(*) FROM (SELECT ZPHOTOID FROM ZLOCATION WHERE ZPHOTOID IS NOT NULL "
                           + "GROUP BY ZPHOTOID HAVING COUNT(*) > 1)", "photo IDs shared by several rows"))
        }
        var violations: [String] = []
        for check in checks {
            let rows = try sqlite { () throws(SQLiteError) in try database.query(check.sql) }
            let count = rows.first?.first?.integer ?? 0
            if count > 0 { violations.append("\(path): \(count) \(check.message)") }
        }
        return violations
    }

    /// Traps when ``invariantViolations()`` finds any: a broken rule is a bug in this code.
    public func checkInvariants() throws(LocationStoreError) {
        let violations = try invariantViolations()
        precondition(violations.isEmpty, "location store invariants broken:\n" + violations.joined(separator: "\n"))
    }

    /// The largest photo ID any location uses, for checks against the photo ID counter.
    public func largestPhotoID() throws(LocationStoreError) -> PhotoID? {
        guard model.hasPhotoID else { return nil }
        let rows = try sqlite { () throws(SQLiteError) in try database.query("SELECT MAX(ZPHOTOID) FROM ZLOCATION") }
        return (rows.first?.first?.integer).flatMap { PhotoID(rawValue: Int($0)) }
    }
}
