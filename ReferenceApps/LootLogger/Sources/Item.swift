import Foundation

class Item: Equatable, Codable {
    var name: String
    var valueInDollars: Int
    var serialNumber: String?
    let dateCreated: Date
    /// The photo's key in the image store: a UUID string.
    let itemKey: String

    init(name: String, serialNumber: String?, valueInDollars: Int) {
        self.name = name
        self.valueInDollars = valueInDollars
        self.serialNumber = serialNumber
        dateCreated = Date()
        itemKey = UUID().uuidString
    }

    static func == (lhs: Item, rhs: Item) -> Bool {
        lhs.name == rhs.name && lhs.serialNumber == rhs.serialNumber
            && lhs.valueInDollars == rhs.valueInDollars && lhs.dateCreated == rhs.dateCreated
    }
}
