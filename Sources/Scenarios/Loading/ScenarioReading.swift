import Core
import Foundation

/// Reading a scenario file into its two documents, reporting problems to the session.
enum ScenarioReading {
    /// The YAML documents of the file at `path`, or nil after reporting. Only a regular file of
    /// at most the size bound is read; anything else is refused, saying what it is, unread.
    static func documents(at path: String, session: LoadSession) -> [YAMLNode]? {
        let limit = session.limits.maximumFileBytes
        let data: Data
        do throws(FileSystemError) {
            data = try session.files.contents(ofRegularFile: path, limitBytes: limit)
        } catch {
            session.sink.report(.start(of: path), unreadable(error, limit: limit))
            return nil
        }
        do {
            return try YAMLReader(maximumDepth: session.limits.maximumDepth).documents(of: data, file: path)
        } catch {
            session.sink.report(error)
            return nil
        }
    }

    /// Why the file at a path could not be read, as a sentence for its author.
    private static func unreadable(_ error: FileSystemError, limit: Int) -> String {
        switch error {
        case .tooLarge(_, let size, _):
            return "the file is \(size) bytes; scenario files may be at most \(limit) bytes; split it with runFlow"
        case .notRegularFile(_, let kind):
            return "cannot read the file: it is a \(kind.rawValue), not a regular file; scenario files are read only from"
                + " regular files (a pipe or a device could block or never end): save the flow to a file and run that"
        default:
            return "cannot read the file: \(error)"
        }
    }

    /// The header and the command list of a file's documents, or nil after reporting. Like
    /// Maestro, a flow is a header, `---`, then the commands.
    static func split(_ documents: [YAMLNode], file: String, session: LoadSession) -> (header: YAMLNode, commands: YAMLNode)? {
        switch documents.count {
        case 0:
            session.sink.report(.start(of: file), "the file is empty; expected a header (appId: <bundle id>), `---`, then a list of commands")
        case 1 where documents[0].items != nil:
            session.sink.report(.start(of: file), "missing the header: start the file with `appId: <bundle id>` and a `---` line before the commands, as Maestro flows do")
        case 1:
            session.sink.report(documents[0].location, "missing the commands: add a `---` line after the header, then the commands as a list (`- launchApp`)")
        case 2:
            return (documents[0], documents[1])
        default:
            session.sink.report(documents[2].location, "a third document: a scenario is a header, `---`, then one list of commands; remove this `---` or move the rest into another file")
        }
        return nil
    }
}
