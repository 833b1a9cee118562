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
        guard let standardOutputPath else {
            return try SimctlRunner.execute(SimctlRunner.simctlPath, fullArguments, environment: environment)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SimctlRunner.simctlPath)
        process.arguments = fullArguments
        process.environment = environment
        process.standardOutput = try #require(FileHandle(forWritingAtPath: standardOutputPath))
        let error = Pipe()
        process.standardError = error
        try process.run()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "simctl was killed by a signal")
        return Result(standardOutput: "", standardError: String(decoding: errorData, as: UTF8.self),
                      exitCode: process.terminationStatus)
    }
}
