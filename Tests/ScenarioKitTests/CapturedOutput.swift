import Foundation
import ScenarioKit

/// What ``ScenarioMain`` printed, gathered.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out = "", err = ""

    var standardOutput: String { lock.withLock { out } }
    var standardError: String { lock.withLock { err } }

    var output: ScenarioOutput {
        ScenarioOutput(standardOutput: { text in self.lock.withLock { self.out += text } },
                           standardError: { text in self.lock.withLock { self.err += text } })
    }
}
