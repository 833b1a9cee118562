import Foundation

/// Why a record operation failed. Each case names what to do.
public enum PhotoRecordError: Error, Equatable, CustomStringConvertible {
    /// No record has this ID.
    case notFound(PhotoRecordID)
    /// A row's blob column is not in the store's encoding (the store was edited by hand or is corrupt).
    case malformedColumn(table: String, id: PhotoRecordID)
    /// The newest row's ID is not a time a new record can be stamped after (not a number, or
    /// beyond ``PhotoRecordID/validMilliseconds``): the store was edited by hand or is corrupt.
    case unusableID(table: String, storedValue: String)
    /// A row names an external file that is gone.
    case externalFileMissing(path: String)
    /// The image could not be encoded as JPEG.
    case encodingFailed(ImageError)
    /// An external file could not be written, read or removed (disk full, permissions ...).
    case fileSystem(FileSystemError)
    /// The SQLite store failed: not a database, locked by another connection, disk full ...
    /// (its ``SQLiteError/kind`` says which, and the message says it in words).
    case database(SQLiteError)

    public var description: String {
        switch self {
        case .notFound(let id): return "no saved image has ID \(id)"
        case .malformedColumn(let table, let id):
            return "record \(id) in \(table) has unreadable image data; delete the record and save the image again"
        case .unusableID(let table, let value):
            return "a record in \(table) has the ID \(value), which is not a time in seconds since 1970 that a new "
                + "record can follow; delete that row or restore the store from a backup"
        case .externalFileMissing(let path): return "the image data of a record is missing: \(path)"
        case .encodingFailed(let error): return "the image could not be saved: \(error)"
        case .fileSystem(let error): return "the image store's files failed: \(error)"
        case .database(let error):
            return "the image store's database failed: \(error). \(error.kind.advice)"
        }
    }

    /// Runs `body`, turning the errors of the layers below into this type.
    static func mapping<Result>(_ body: () throws -> Result) throws(PhotoRecordError) -> Result {
        do {
            return try body()
        } catch let error as PhotoRecordError {
            throw error
        } catch let error as SQLiteError {
            throw .database(error)
        } catch let error as FileSystemError {
            throw .fileSystem(error)
        } catch let error as ImageError {
            throw .encodingFailed(error)
        } catch {
            preconditionFailure("PhotoRecordStore met an error of no known layer: \(error)")
        }
    }
}
