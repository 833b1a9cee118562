import Platform

/// Driving the social compose sheet.
extension AppHost {
    /// Leaves the presented compose sheet with `result` (Cancel is 0, Post is 1), as its buttons do.
    public func completeCompose(_ result: ComposeResult) throws(RuntimeError) {
        let process = try activeProcess()
        guard let sheet = process.window.presentations.last?.screen as? ComposeViewController, process.prompt == nil else {
            throw .wrongScreen(expected: "a compose sheet", actual: process.visibleScreenName)
        }
        process.enqueueOnMain("compose \(result)") { try sheet.complete(result) }
        try settle()
    }
}
