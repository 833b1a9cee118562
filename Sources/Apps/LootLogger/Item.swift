import Foundation

/// One thing the user owns: name, value, serial number, when it was added, and the key its
/// photo is stored under.
struct Item: Codable, Equatable {
    var name: String
    var valueInDollars: Int
    var serialNumber: String?
    let dateCreated: Date
    /// A UUID string: the photo's file name in Documents.
    let itemKey: String
}
