/// The `*.yaml` / `*.yml` files of a suite folder and every folder below it, sorted by path.
///
/// A folder reached twice through symbolic links is listed once; one that leads outside the
/// suite is skipped, as any path leaving the suite is refused.
struct SuiteListing {
    let root: SuiteRoot
    let files: ScenarioFiles
    let limits: ScenarioLimits
    /// The folder listed, relative to the root (empty: the root).
    var start = ""

    /// Relative paths of the scenario files in `start` and below, `config.yaml`/`config.yml`
    /// excepted wherever they are.
    func scenarioPaths() throws(ScenarioLoadError) -> [String] {
        var found: [String] = []
        var visited: Set<String> = [files.resolvingSymbolicLinks(root.join(start)) ?? root.realPath]
        var pending: [String] = [start]
        while let folder = pending.popLast() {
            let path = root.join(folder)
            let names: [String]
            do { names = try files.contentsOfFolder(at: path) } catch {
                throw ScenarioLoadError(.start(of: path), "cannot list the folder: \(error)")
            }
            for name in names where !name.hasPrefix(".") {
                let relative = folder.isEmpty ? name : folder + "/" + name
                guard let real = files.resolvingSymbolicLinks(root.join(relative)), root.relativePath(ofReal: real) != nil else { continue }
                switch files.kind(of: root.join(relative)) {
                case .folder?:
                    if visited.insert(real).inserted { pending.append(relative) }
                case .file?, .special?:
                    // A FIFO or device named like a scenario is listed, so reading it is refused saying what it is.
                    if isScenario(name) { found.append(relative) }
                case nil:
                    continue
                }
            }
            guard found.count <= limits.maximumSuiteFiles else {
                throw ScenarioLoadError(.start(of: root.path), "the suite has more than \(limits.maximumSuiteFiles) scenario files; run a smaller folder")
            }
        }
        return found.sorted()
    }

    /// Maestro's `isFlowFile` (workspace/Filters.kt): a `.yaml` or `.yml` file not named `config`.
    private func isScenario(_ name: String) -> Bool {
        guard name.hasSuffix(".yaml") || name.hasSuffix(".yml") else { return false }
        return name != "config.yaml" && name != "config.yml"
    }
}
