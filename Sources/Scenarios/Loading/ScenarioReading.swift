import Foundation

/// Reading a scenario file into its two documents, reporting problems to the session.
enum ScenarioReading {
    /// The YAML documents of the file at `path`, or nil after reporting.
    static func documents(at path: String, session: LoadSession) -> [YAMLNode]? {
        let limit = session.limits.maximumFileBytes
        let data: Data
        do {
            let size = try session.files.sizeOfFile(at: path)
            guard size <= limit else {
                session.sink.report(.start(of: path), "the file is \(size) bytes; scenario files may be at most \(limit) bytes; split it with runFlow")
                return nil
            }
            data = try session.files.contents(of: path)
        } catch {
            session.sink.report(.start(of: path), "cannot read the file: \(error)")
            return nil
        }
        do {
            return try YAMLReader(maximumDepth: session.limits.maximumDepth).documents(of: data, file: path)
        } catch {
            session.sink.report(error)
            return nil
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
