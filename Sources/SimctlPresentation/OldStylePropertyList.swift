import Core
import DeviceStore
import Foundation

/// Text in the old-style (NeXTSTEP) property-list form that Foundation's `NSDictionary`
/// description produces and `simctl listapps` prints:
///
/// ```
/// {
///     "com.photosim.MyLocations" =     {
///         ApplicationType = User;
///         CFBundleVersion = 1;
///         GroupContainers =         {
///         };
///     };
/// }
/// ```
///
/// Four spaces per level; a nested container follows `key = ` after its own indentation; keys
/// sorted; a string is quoted unless it is only letters, digits and `_` (the shape seen in
/// published `listapps` dumps, e.g. twostraws/ControlRoom pull request 124).
public enum OldStylePropertyList {
    /// The text of a dictionary, with a final newline.
    public static func render(_ entries: [String: PropertyListValue]) -> String {
        var output = ""
        write(.dictionary(entries), depth: 0, to: &output)
        return output + "\n"
    }

    private static func write(_ value: PropertyListValue, depth: Int, to output: inout String) {
        let indent = String(repeating: "    ", count: depth)
        switch value {
        case .string(let text): output += quoted(text)
        case .integer(let number): output += String(number)
        case .bool(let flag): output += flag ? "1" : "0"
        case .real(let number): output += String(number)
        case .data(let bytes): output += hex(bytes)
        case .date(let date): output += quoted(Timestamp.description(date))
        case .array(let items):
            output += indent + "(\n"
            for (index, item) in items.enumerated() {
                output += indent + "    "
                write(item, depth: depth + 1, to: &output)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += indent + ")"
        case .dictionary(let entries):
            output += indent + "{\n"
            for key in entries.keys.sorted() {
                output += indent + "    " + quoted(key) + " = "
                write(entries[key]!, depth: depth + 1, to: &output)
                output += ";\n"
            }
            output += indent + "}"
        }
    }

    /// Data as NSData's description writes it: hex in groups of four bytes, in angle brackets.
    static func hex(_ bytes: Data) -> String {
        let digits = bytes.map { String(format: "%02x", $0) }
        let groups = stride(from: 0, to: digits.count, by: 4).map { digits[$0..<min($0 + 4, digits.count)].joined() }
        return "<" + groups.joined(separator: " ") + ">"
    }

    /// The string as NSString's description writes it.
    static func quoted(_ text: String) -> String {
        let bare = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
        }
        if bare { return text }
        var output = "\""
        for character in text {
            switch character {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            default: output.append(character)
            }
        }
        return output + "\""
    }
}
