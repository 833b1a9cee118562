import Core

/// Maestro's `inputRandomText`, `inputRandomNumber`, `inputRandomEmail` and
/// `inputRandomPersonName`: text typed into the focused field, drawn here from the run's seed
/// (its `input random` stream), so a seed types the same text every run.
///
/// The shapes are Maestro's (maestro-orchestra-models, `InputRandomCommand` and
/// `InputRandomTextHelper`): a text of letters and digits, 8 long unless a positive `length` is
/// given; a number of that many digits that does not start with 0; an email
/// `first_last_four@domain` in lower case; a name `First Last`, from the same short lists.
public enum RandomInput: Hashable, Sendable {
    case text(length: Int)
    case number(length: Int)
    case email
    case personName

    /// Maestro's default length, also for a length of 0 or less.
    public static let defaultLength = 8

    private static let textCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    private static let digits = Array("0123456789")
    private static let lastNames = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez"]
    private static let firstNames = ["Liam", "Olivia", "Noah", "Emma", "Oliver", "Charlotte", "Elijah", "Amelia", "James", "Ava",
                                     "William", "Sophia", "Benjamin", "Isabella", "Lucas", "Mia", "Henry", "Evelyn", "Theodore", "Harper"]
    private static let emailDomains = ["gmail.com", "yahoo.com", "hotmail.com", "aol.com", "msn.com", "outlook.com"]

    /// The text to type, drawn from `random`.
    public func text(drawingFrom random: RandomSource) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next(below: UInt64(items.count)))] }
        func letters(_ count: Int) -> String { String((0..<count).map { _ in pick(Self.textCharacters) }) }
        switch self {
        case .text(let length):
            return letters(length)
        case .number(let length):
            var number = (0..<length).map { _ in pick(Self.digits) }
            if number.first == "0" { number[0] = pick(Array("123456789")) }
            return String(number)
        case .email:
            return "\(pick(Self.firstNames))_\(pick(Self.lastNames))_\(letters(4))@\(pick(Self.emailDomains))".lowercased()
        case .personName:
            return "\(pick(Self.firstNames)) \(pick(Self.lastNames))"
        }
    }

    /// The command's name in a flow.
    public var commandName: String {
        switch self {
        case .text: "inputRandomText"
        case .number: "inputRandomNumber"
        case .email: "inputRandomEmail"
        case .personName: "inputRandomPersonName"
        }
    }
}
