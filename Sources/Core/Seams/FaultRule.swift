import Foundation

/// One injected fault: the `nth` operation of a kind (counted from when it was injected, among
/// those whose path matches `pathPattern`) fails with `kind`. The one rule shape of
/// PhotoSimTesting's `FaultInjectingFileSystem` and the simulator's fault layer.
///
/// ```swift
/// FaultRule(kind: .diskFull, operation: .write, nth: 2, pathPattern: "Documents/*")
/// ```
///
/// The simulator matches `pathPattern` against the path relative to the app's data container
/// (`Documents/Photo-1.jpg`); a file system of a test, which has no container, against the path
/// relative to the root it was given (the whole path by default).
public struct FaultRule: Sendable, Equatable, CustomStringConvertible {
    public let kind: FaultKind
    public let operation: FaultOperation
    /// Counts from 1.
    public let nth: Int
    /// An `fnmatch(3)` pattern on the relative path (`Documents/*`,
    /// `Library/Application Support/*.sqlite*`, `*Photos.sqlite*`); `nil` matches every path.
    public let pathPattern: String?
    /// Matching operations seen so far.
    public internal(set) var matchesSeen = 0

    public init(kind: FaultKind, operation: FaultOperation, nth: Int = 1, pathPattern: String? = nil) {
        precondition(nth >= 1, "faults count operations from 1, got \(nth)")
        self.kind = kind
        self.operation = operation
        self.nth = nth
        self.pathPattern = pathPattern
    }

    public var description: String {
        "\(kind.rawValue) on \(operation.rawValue) #\(nth)" + (pathPattern.map { " of \($0)" } ?? "")
    }

    /// True when an `operation` of `path` (relative) is one this rule counts.
    public func matches(_ operation: FaultOperation, relativePath path: String) -> Bool {
        guard self.operation.covers(operation) else { return false }
        guard let pathPattern else { return true }
        return fnmatch(pathPattern, path, 0) == 0
    }

    /// Counts one matching operation; true when it is the one that fires.
    public mutating func countMatch() -> Bool {
        matchesSeen += 1
        return matchesSeen == nth
    }

    public static func == (lhs: FaultRule, rhs: FaultRule) -> Bool {
        lhs.kind == rhs.kind && lhs.operation == rhs.operation && lhs.nth == rhs.nth && lhs.pathPattern == rhs.pathPattern
    }
}
