/// The SQL a ``LocationStore`` runs, built once for its model version (so the statement cache
/// is keyed by the same strings on every call).
struct LocationStatements {
    /// `Z_ENT` of the Location entity, its row in `Z_PRIMARYKEY`.
    static let entityNumber: Int64 = 1
    static let entityName = "Location"

    let createLocationTable: String
    let insert: String
    let update: String
    let selectAll: String
    let selectOne: String
    let delete = "DELETE FROM ZLOCATION WHERE Z_PK = ?"
    let selectVersion = "SELECT Z_OPT FROM ZLOCATION WHERE Z_PK = ?"
    let selectMaximumKey = "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE Z_ENT = \(entityNumber)"
    let updateMaximumKey = "UPDATE Z_PRIMARYKEY SET Z_MAX = ? WHERE Z_ENT = \(entityNumber)"

    init(model: LocationModelVersion) {
        let photo = model.hasPhotoID
        createLocationTable = "CREATE TABLE ZLOCATION (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, "
            + "ZLATITUDE FLOAT, ZLONGITUDE FLOAT, ZDATE TIMESTAMP, ZLOCATIONDESCRIPTION VARCHAR, ZCATEGORY VARCHAR, "
            + "ZPLACEMARK VARCHAR\(photo ? ", ZPHOTOID INTEGER" : ""))"
        insert = "INSERT INTO ZLOCATION (Z_PK, Z_ENT, Z_OPT, ZLATITUDE, ZLONGITUDE, ZDATE, ZLOCATIONDESCRIPTION, "
            + "ZCATEGORY, ZPLACEMARK\(photo ? ", ZPHOTOID" : "")) VALUES (?, \(Self.entityNumber), 1, ?, ?, ?, ?, ?, ?\(photo ? ", ?" : ""))"
        update = "UPDATE ZLOCATION SET Z_OPT = Z_OPT + 1, ZLATITUDE = ?, ZLONGITUDE = ?, ZDATE = ?, "
            + "ZLOCATIONDESCRIPTION = ?, ZCATEGORY = ?, ZPLACEMARK = ?\(photo ? ", ZPHOTOID = ?" : "") "
            + "WHERE Z_PK = ? AND Z_OPT = ?"
        let columns = "Z_PK, Z_OPT, ZLATITUDE, ZLONGITUDE, ZDATE, ZLOCATIONDESCRIPTION, ZCATEGORY, ZPLACEMARK"
            + (photo ? ", ZPHOTOID" : "")
        selectAll = "SELECT \(columns) FROM ZLOCATION ORDER BY ZDATE, Z_PK"
        selectOne = "SELECT \(columns) FROM ZLOCATION WHERE Z_PK = ?"
    }

    /// The schema Core Data would create for the model, minus `ZLOCATION`.
    static let createBookkeepingTables = """
        CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
        CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
        INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (\(entityNumber), '\(entityName)', 0, 0);
        """

    /// What turns a store of the version before `version` into one of `version`.
    static func migration(to version: LocationModelVersion) -> String {
        switch version {
        case .v1: preconditionFailure("v1 is the first model; nothing migrates to it")
        case .v2: return "ALTER TABLE ZLOCATION ADD COLUMN ZPHOTOID INTEGER"
        }
    }
}
