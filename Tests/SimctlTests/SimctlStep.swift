import Foundation

/// One invocation of the built binary and what it must print and return.
struct SimctlStep: CustomStringConvertible {
    /// What a stream must hold.
    enum Expectation {
        case empty
        case exactly(String)
        case contains(String)
        /// A regular expression (NSRegularExpression's syntax) that matches somewhere in it.
        case matches(String)
        case anything

        func check(_ text: String) -> Bool {
            switch self {
            case .empty: return text.isEmpty
            case .exactly(let expected): return text == expected
            case .contains(let part): return text.contains(part)
            case .matches(let pattern):
                return text.range(of: pattern, options: .regularExpression) != nil
            case .anything: return true
            }
        }
    }

    let arguments: [String]
    let exitCode: Int32
    let standardOutput: Expectation
    let standardError: Expectation

    init(_ arguments: [String], exit exitCode: Int32 = 0, stdout: Expectation = .empty, stderr: Expectation = .empty) {
        self.arguments = arguments
        self.exitCode = exitCode
        self.standardOutput = stdout
        self.standardError = stderr
    }

    var description: String { "simctl " + arguments.joined(separator: " ") }

    /// The step with `$NAME` placeholders replaced.
    func substituting(_ values: [String: String]) -> SimctlStep {
        func fill(_ text: String) -> String {
            values.reduce(text) { $0.replacingOccurrences(of: "$" + $1.key, with: $1.value) }
        }
        func fill(_ expectation: Expectation) -> Expectation {
            switch expectation {
            case .exactly(let text): return .exactly(fill(text))
            case .contains(let text): return .contains(fill(text))
            default: return expectation
            }
        }
        return SimctlStep(arguments.map(fill), exit: exitCode, stdout: fill(standardOutput), stderr: fill(standardError))
    }
}
