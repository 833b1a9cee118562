import Core

/// Walks a container fixture the way the runner copies it, and says what it could not copy.
struct ContainerFixtureCheck {
    let files: ScenarioFiles
    /// The most files and folders the fixture may hold.
    let limit: Int

    /// One sentence per entry that is not a regular file or a folder, in path order; or the
    /// bound, when the fixture holds more entries than it allows.
    func problems(in fixture: SuiteFilePath) -> [String] {
        var problems: [String] = []
        var pending = [""]
        var seen = 0
        while let folder = pending.popLast() {
            let path = folder.isEmpty ? fixture.path : fixture.path + "/" + folder
            guard let names = try? files.contentsOfFolder(at: path) else {
                problems.append("cannot list `\(fixture.relativePath)/\(folder)`; check that it can be read")
                continue
            }
            for name in names.reversed() {
                seen += 1
                guard seen <= limit else {
                    return problems + ["`\(fixture.relativePath)` holds more than \(limit) files and folders; a container fixture is a small app state, keep it under that"]
                }
                let relative = folder.isEmpty ? name : folder + "/" + name
                switch files.entryKind(of: fixture.path + "/" + relative) {
                case .directory?: pending.append(relative)
                case .regularFile?, nil: continue
                case let kind?: problems.append(problem(relative, kind: kind, in: fixture))
                }
            }
        }
        return problems.sorted()
    }

    private func problem(_ relative: String, kind: FileKind, in fixture: SuiteFilePath) -> String {
        let entry = "`\(fixture.relativePath)` holds `\(relative)`, a \(kind.rawValue)"
        guard kind == .symbolicLink else {
            return entry + "; a container fixture holds only regular files and folders (a pipe or a device could block the copy): remove it"
        }
        let target = files.resolvingSymbolicLinks(fixture.path + "/" + relative).map { " to `\($0)`" } ?? " that leads nowhere"
        return entry + target + "; a container fixture holds only regular files and folders, copied as they are: "
            + "put a copy of the file it names in its place"
    }
}
