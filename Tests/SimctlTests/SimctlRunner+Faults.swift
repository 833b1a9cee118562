import Core
import Foundation
import Testing

extension SimctlRunner {
    /// Runs `simctl --set <set> <arguments>` with extra environment variables (added to this
    /// process's, or replacing it when `inheriting` is false) and, when given, standard output
    /// sent to a file such as `/dev/full`; stdout is then reported empty.
    func run(_ arguments: [String], environment extra: [String: String], inheriting: Bool = true,
             standardOutputPath: String? = nil, useSet: Bool = true) throws -> Result {
        var environment = inheriting ? ProcessInfo.processInfo.environment : [:]
        environment.merge(extra) { _, new in new }
        let fullArguments = (useSet ? ["--set", setPath] : []) + arguments
        let result = try SimctlRunner.execute(SimctlRunner.simctlPath, fullArguments, environment: environment,
                                              standardOutputPath: standardOutputPath)
        #expect(result.signal == nil, "simctl was killed by a signal\n\(result)")
        return result
    }
}
