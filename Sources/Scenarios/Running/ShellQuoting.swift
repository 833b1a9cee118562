import Core
import Foundation
import Simulator

/// Quotes a word for a shell, so a replay command can be pasted as it is and stays on one line.
enum ShellQuoting {
    /// The word unchanged when it needs no quoting; else in single quotes (`'` written `'\''`);
    /// a word holding a control character (``VisibleText/needsEscaping(_:)``) in bash's `$'…'`
    /// quotes, with that character as `\n`, `\t`, `\r` or its UTF-8 bytes `\xHH`, so the line
    /// names the file exactly without breaking.
    static func quoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:@%,=".unicodeScalars.contains(scalar))
        }
        if safe && !word.isEmpty { return word }
        if word.unicodeScalars.contains(where: VisibleText.needsEscaping) { return ansiQuoted(word) }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `$'…'`: `\`, `'` and the control characters escaped, everything else as it is.
    private static func ansiQuoted(_ word: String) -> String {
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "'": quoted += "\\'"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case _ where VisibleText.needsEscaping(scalar):
                quoted += String(scalar).utf8.map { "\\x" + String(format: "%02X", $0) }.joined()
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}
