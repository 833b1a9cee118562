/// Why an app's process ends abnormally: thrown from a platform call (or the app's own
/// `crash(reason:)`) and caught by the host, which marks the app crashed.
///
/// Swift cannot unwind app code without errors, so every call that can crash the app `throws`
/// this. Catching it does not save the app: the host already recorded the termination.
public enum AppTermination: Error, Equatable, Sendable, CustomStringConvertible {
    /// An uncaught Objective-C exception: `*** Terminating app due to uncaught exception
    /// '<name>', reason: '<reason>'` (IOS-FACTS §2).
    case uncaughtException(name: String, reason: String)
    /// A privacy violation (`Termination Reason: TCC`, IOS-FACTS §1).
    case privacyViolation(reason: String)
    /// The app's own `fatalError`/`assert`.
    case fatalError(reason: String)

    /// The exception an unavailable picker source raises (IOS-FACTS §2).
    public static func sourceTypeNotAvailable(_ sourceType: ImagePickerSourceType) -> AppTermination {
        .uncaughtException(name: "NSInvalidArgumentException", reason: "Source type \(sourceType.rawValue) not available")
    }

    /// The TCC abort for a missing usage description (IOS-FACTS §1, the one template since iOS 10),
    /// as the console and the texts print it: two spaces after "description.".
    public static func missingUsageDescription(_ key: UsageDescriptionKey) -> AppTermination {
        .privacyViolation(reason: "This app has crashed because it attempted to access privacy-sensitive data without "
            + "a usage description.  The app's Info.plist must contain an \(key.rawValue) key with a string value explaining "
            + "to the user how the app uses this data.")
    }

    /// The line a crash report or console shows.
    public var description: String {
        switch self {
        case .uncaughtException(let name, let reason):
            return "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
        case .privacyViolation(let reason):
            return "TCC, \(reason)"
        case .fatalError(let reason):
            return "Fatal error: \(reason)"
        }
    }
}
