import Foundation
import PhotoSimTesting
import Testing

/// `simctl openurl <device> <URL>`: the installed app whose Info.plist names the scheme opens the
/// link (launched for it: its launch options carry it, `application(_:open:options:)` gets it),
/// silent on success; a link nothing claims is LaunchServices' "application not found".
@Suite struct OpenURLEndToEndTests {
    @Test func theAppNamingTheSchemeOpensTheLinkAndAnUnclaimedOneFails() throws {
        let runner = try SimctlRunner()
        let app = try RunAppProcessEndToEndTests.journalBundle(in: runner)
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        #expect(try runner.run(["install", phone, app]).exitCode == 0)
        let opened = try runner.run(["openurl", phone, "JOURNAL://add?text=From%20simctl"])
        #expect(opened.exitCode == 0 && opened.standardOutput.isEmpty && opened.standardError.isEmpty, "\(opened)")
        let container = try runner.run(["get_app_container", phone, "com.example.journal", "data"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(FileManager.default.contents(atPath: container + "/Documents/Entry-1.txt") == Data("From simctl".utf8),
                "the app opened the link: its entry is written")
        let terminated = try runner.run(["terminate", phone, "com.example.journal"])
        #expect(terminated.exitCode == 0, "the app is running after it opened the link: \(terminated)")

        let unclaimed = try runner.run(["openurl", phone, "https://example.com"])
        #expect(unclaimed.exitCode == 194, "\(unclaimed)")
        #expect(unclaimed.standardError.contains("(domain=NSOSStatusErrorDomain, code=-10814)"), "\(unclaimed)")
        #expect(unclaimed.standardError.contains("Simulator device failed to open https://example.com."), "\(unclaimed)")
        let schemeless = try runner.run(["openurl", phone, "not a link"])
        #expect(schemeless.exitCode == 194 && schemeless.standardError.contains("not a link is not a URL with a scheme"), "\(schemeless)")
        #expect(try runner.run(["openurl", phone]).exitCode == 64)
    }
}
