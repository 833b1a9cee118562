/// The `container` header key: a suite folder copied into the app's data container.
extension ScenarioDecoder {
    /// The fixture folder `node` names, checked in full: every entry in it, at any depth, must be
    /// a regular file or a folder (by `lstat`, so a symbolic link is seen as one), and there may
    /// be at most ``ScenarioLimits/maximumContainerEntries`` of them. Nil after reporting.
    func containerFixture(_ node: YAMLNode) -> SuiteFilePath? {
        guard let fixture = suitePath(node, in: "container", kind: .folder) else { return nil }
        let problems = ContainerFixtureCheck(files: session.files, limit: session.limits.maximumContainerEntries)
            .problems(in: fixture)
        for problem in problems { session.sink.report(node.location, "`container`: \(problem)") }
        return problems.isEmpty ? fixture : nil
    }
}
