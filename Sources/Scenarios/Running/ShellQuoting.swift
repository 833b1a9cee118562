import Foundation

/// Quotes a word for a POSIX shell, so a replay command can be pasted as it is.
enum ShellQuoting {
    /// The word unchanged when it needs no quoting, else in single quotes (`'` written `'\''`).
    static func quoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+:@%,=".unicodeScalars.contains(scalar))
        }
        if safe && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
