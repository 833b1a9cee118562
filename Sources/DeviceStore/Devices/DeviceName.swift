import Foundation

/// The rules a device name follows, checked by `simctl create` and on every record read.
///
/// A name is printed on one line of `simctl list` and matched exactly as a selector, so it may
/// not be blank, may not hold control characters (a newline would split its listing line), and
/// may not be one of the words simctl reads as selectors: `booted` (Apple's usage: "the special
/// \"booted\" string"), `all` (`shutdown all`, `erase all`, `delete all`) and `unavailable`
/// (`delete unavailable`).
///
/// ```swift
/// DeviceName.problem(with: "My iPhone") // nil
/// DeviceName.problem(with: "booted")    // "is reserved: ..."
/// DeviceName.problemNaming("7D0F1A9E-3C42-4B8E-9A51-0E6F2B7C9D14")   // "reads as a UDID, ..."
/// ```
public enum DeviceName {
    /// Words simctl reads as selectors, never as a device's name.
    public static let reservedWords = [DeviceSelector.bootedWord, "all", "unavailable"]

    /// What is wrong with a name, as the end of a sentence starting with the name; `nil` when it is fine.
    public static func problem(with name: String) -> String? {
        if name.allSatisfy(\.isWhitespace) { return "is blank" }
        if let scalar = name.unicodeScalars.first(where: isControl) {
            return "contains the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)), "
                + "which would break the listing"
        }
        if reservedWords.contains(name) {
            return "is reserved: simctl reads " + reservedWords.map { "`\($0)`" }.joined(separator: ", ")
                + " as selectors, not as names"
        }
        return nil
    }

    /// What is wrong with a name given to a new or renamed device (`create`, `rename`, `clone`):
    /// ``problem(with:)``, and also a name that reads as a UDID, which simctl takes as the device
    /// with that UDID, so the device could never be named by it. (Records already on disk are
    /// read with ``problem(with:)`` only, so such a device from before stays usable by UDID.)
    public static func problemNaming(_ name: String) -> String? {
        if let problem = problem(with: name) { return problem }
        if DeviceUDID(name.trimmingCharacters(in: .whitespaces)) != nil {
            return "reads as a UDID, and simctl takes a UDID as the device that has it, so this device could not be named by it"
        }
        return nil
    }

    /// C0 and C1 control characters, DEL, and the Unicode line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
