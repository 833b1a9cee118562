/// A JSON value printed the way Apple's `simctl list --json` prints (Foundation's
/// `NSJSONSerialization` pretty form): two-space indent, `"key" : value`, slashes escaped as
/// `\/`, and an empty array or object opened and closed on separate lines with a blank line
/// between. Object keys are printed sorted, so the output is the same on every run (Apple's
/// order follows its dictionaries' hashing).
public indirect enum SimctlJSON: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case array([SimctlJSON])
    case object([String: SimctlJSON])

    /// The pretty-printed text, with a final newline.
    public func rendered(escapingSlashes: Bool = true) -> String {
        var output = ""
        write(to: &output, depth: 0, escapingSlashes: escapingSlashes)
        output += "\n"
        return output
    }

    private func write(to output: inout String, depth: Int, escapingSlashes: Bool) {
        switch self {
        case .string(let text): SimctlJSON.writeString(text, to: &output, escapingSlashes: escapingSlashes)
        case .integer(let number): output += String(number)
        case .boolean(let flag): output += flag ? "true" : "false"
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, depth: depth, to: &output) { index, output in
                items[index].write(to: &output, depth: depth + 1, escapingSlashes: escapingSlashes)
            }
        case .object(let entries):
            let keys = entries.keys.sorted()
            writeContainer(open: "{", close: "}", count: keys.count, depth: depth, to: &output) { index, output in
                SimctlJSON.writeString(keys[index], to: &output, escapingSlashes: escapingSlashes)
                output += " : "
                entries[keys[index]]!.write(to: &output, depth: depth + 1, escapingSlashes: escapingSlashes)
            }
        }
    }

    private func writeContainer(open: String, close: String, count: Int, depth: Int, to output: inout String,
                                element: (Int, inout String) -> Void) {
        let inner = String(repeating: "  ", count: depth + 1)
        output += open + "\n"
        if count == 0 { output += "\n" }
        for index in 0..<count {
            output += inner
            element(index, &output)
            output += index == count - 1 ? "\n" : ",\n"
        }
        output += String(repeating: "  ", count: depth) + close
    }

    private static func writeString(_ text: String, to output: inout String, escapingSlashes: Bool) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/": output += escapingSlashes ? "\\/" : "/"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
