import Foundation

/// The results as JSON: an array with one object per scenario, keys sorted, for tools.
///
/// Keys: `path`, `file`, `name`, `tags`, `passed`, `seed`, `seedSource`, `replay`,
/// `hostMilliseconds`, `virtualMilliseconds`, `traceDigest`, `traceLines`, `commands`
/// (`command`, `location`, `status`), `screenshots` (`name`, `location`, `screen`, `elements`) and,
/// on failure, `failure` (`command`, `location`, `message`, `expected`, `actual`, `traceTail`).
public enum JSONReport {
    /// The JSON text for `results` (pretty-printed, keys sorted, ended by a newline): ``opening``,
    /// each ``entry(_:)`` separated by ``separator``, then ``closing``; so it can be written an
    /// entry at a time as results arrive.
    public static func render(_ results: [ScenarioResult]) -> String {
        opening + results.map(entry).joined(separator: separator) + closing
    }

    /// What starts the array.
    public static let opening = "[\n"
    /// What goes between two entries.
    public static let separator = ",\n"
    /// What ends the array and the text.
    public static let closing = "\n]\n"

    /// One result's object, indented as an element of the array, without a separator.
    public static func entry(_ result: ScenarioResult) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Entry(result)) else {
            preconditionFailure("plain strings and numbers always encode")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }.joined(separator: "\n")
    }

    private struct Entry: Encodable {
        let path: String
        let file: String
        let name: String
        let tags: [String]
        let passed: Bool
        let seed: UInt64
        let seedSource: String
        let replay: String
        let hostMilliseconds: UInt64
        let virtualMilliseconds: Int64
        let traceDigest: String
        let traceLines: Int
        let commands: [Command]
        let screenshots: [Screenshot]
        let failure: Failure?

        init(_ result: ScenarioResult) {
            path = result.relativePath
            file = result.file
            name = result.name
            tags = result.tags
            passed = result.passed
            seed = result.seed
            seedSource = result.seedSource.rawValue
            replay = result.replayCommand
            hostMilliseconds = result.hostNanoseconds / 1_000_000
            virtualMilliseconds = result.virtualNanoseconds / 1_000_000
            traceDigest = result.traceDigest
            traceLines = result.traceLineCount
            commands = result.commands.map {
                Command(command: $0.command, location: $0.location, status: $0.status.rawValue, warning: $0.warning)
            }
            screenshots = result.screenshots.map {
                Screenshot(name: $0.name, location: $0.location, screen: $0.screen, elements: $0.elements)
            }
            failure = result.failure.map {
                Failure(command: $0.command, location: $0.location, message: $0.message, expected: $0.expected,
                        actual: $0.actual, traceTail: $0.traceTail)
            }
        }
    }

    private struct Command: Encodable {
        let command: String
        let location: String
        let status: String
        /// Why an `optional` command failed; absent for the others.
        let warning: String?
    }

    private struct Screenshot: Encodable {
        let name: String
        let location: String
        let screen: String
        let elements: [String]
    }

    private struct Failure: Encodable {
        let command: String
        let location: String
        let message: String
        let expected: String?
        let actual: String?
        let traceTail: [String]
    }
}
