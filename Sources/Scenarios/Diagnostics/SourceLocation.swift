/// Where something is in a scenario file: the file's path and a 1-based line and column.
///
/// Printed as `file:line:column`, the form editors and CI logs turn into links.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the loader was given it (joined to the suite folder).
    public let file: String
    /// The line, counted from 1.
    public let line: Int
    /// The column, counted from 1.
    public let column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The start of a file, for problems that concern the whole file.
    public static func start(of file: String) -> SourceLocation {
        SourceLocation(file: file, line: 1, column: 1)
    }

    public var description: String { "\(file):\(line):\(column)" }
}
