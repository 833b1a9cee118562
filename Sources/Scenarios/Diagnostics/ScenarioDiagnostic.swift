import Core
import Simulator

/// One problem in a scenario file: where it is and what to do about it.
///
/// Printed as `file:line:column: message` on one line (control characters in the file name or
/// the message written visibly, ``VisibleText``), for example
/// `flows/add.yaml:7:3: unknown command `tapon`; did you mean `tapOn`?`.
public struct ScenarioDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public let location: SourceLocation
    public let message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { VisibleText.escaped("\(location): \(message)") }
}
