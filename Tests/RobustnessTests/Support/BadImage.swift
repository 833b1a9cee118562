import Core
import Testing
import Foundation

/// One damaged or unusual image file, made from a real fixture, and what every reader must make of it.
struct BadImage: Sendable, CustomTestStringConvertible {
    /// What a reader gives for the file.
    enum Outcome: Sendable, Equatable {
        /// Decodes upright at this size.
        case decodes(width: Int, height: Int)
        /// Is refused with an error of this kind.
        case refused(Kind)
    }

    /// The kinds of ``ImageError`` a bad file can get.
    enum Kind: String, Sendable {
        case empty, unsupported, tooLarge, corrupt, truncated
    }

    /// The file name it is given, with the extension a user would see.
    let name: String
    let data: Data
    let outcome: Outcome

    var testDescription: String { name }

    /// The kind of an image error.
    static func kind(of error: ImageError) -> Kind? {
        switch error {
        case .empty: return .empty
        case .unsupportedFormat: return .unsupported
        case .tooLarge: return .tooLarge
        case .corrupt: return .corrupt
        case .truncated: return .truncated
        case .encodingFailed, .decoderUnavailable: return nil
        }
    }
}

/// Fixtures of `Tests/CoreTests/Fixtures` and `Tests/RobustnessTests/Fixtures`, read through `#filePath`.
enum RobustnessFixtures {
    static let testsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func core(_ name: String) -> Data {
        read(testsFolder.appendingPathComponent("CoreTests/Fixtures/\(name)"))
    }

    static func own(_ name: String) -> Data {
        read(testsFolder.appendingPathComponent("RobustnessTests/Fixtures/\(name)"))
    }

    private static func read(_ url: URL) -> Data {
        guard let data = try? Data(contentsOf: url) else { preconditionFailure("missing fixture \(url.path)") }
        return data
    }
}
