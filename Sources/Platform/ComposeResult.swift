/// `SLComposeViewControllerResult`: how the user left the compose sheet (SLComposeViewController.h).
public enum ComposeResult: Int, Sendable, CaseIterable, CustomStringConvertible {
    case cancelled = 0
    /// Posted.
    case done = 1

    public var description: String { self == .cancelled ? "cancelled" : "done" }
}
