import Foundation
import Testing
@testable import Scenarios

/// `assertFile` and `assertNoFile` match a file name pattern, for files the app names from its
/// random source (LootLogger's UUID keys), so a scenario passes under any `--seed`.
@Suite("File name patterns")
struct FilePatternTests {
    static let uuidShape = "Documents/????????-????-????-????-????????????"

    /// LootLogger with one item whose photo was picked from the library.
    static let itemWithPhoto = """
        appId: com.photosim.LootLogger
        media: [media/picos.jpg]
        ---
        - launchApp
        - tapOn: Add
        - tapOn: Item 1
        - tapOn: Camera
        - tapOn: Photo Library
        - pickPhoto: 0
        - navigateBack

        """

    @Test("a pattern matching one file is that file, under any seed", arguments: [1, 7, 12345] as [UInt64])
    func onePatternMatch(_ seed: UInt64) throws {
        let result = try ScenarioRunnerTests.run(Self.itemWithPhoto + """
            - assertFile: {path: "\(Self.uuidShape)", jpegQuality: 50, width: 160, height: 120}
            - assertNoFile: "Documents/*.jpg"
            """, options: RunOptions(seed: seed))
        #expect(result.passed, "\(result.failure?.message ?? "")")
    }

    @Test("assertFile fails when no file or several match, naming them")
    func noneOrSeveralMatches() throws {
        let none = try ScenarioRunnerTests.run(Self.itemWithPhoto + "- assertFile: \"Documents/*.png\"\n")
        #expect(none.failure?.message.hasPrefix("files matching Documents/*.png: expected exactly one, found none") == true,
                "\(none.failure?.message ?? "passed")")
        let some = try ScenarioRunnerTests.run(Self.itemWithPhoto + "- assertNoFile: \"\(Self.uuidShape)\"\n")
        let message = try #require(some.failure?.message)
        #expect(message.hasPrefix("files matching \(Self.uuidShape): expected none, found "))
        #expect(message.count > "files matching \(Self.uuidShape): expected none, found ".count + 30)
    }

    @Test("a wildcard in a folder is refused at its line and column")
    func wildcardInAFolderIsRefused() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n- assertNoFile: \"Doc*/x.jpg\"\n")
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:3:17: `assertNoFile`: `Doc*/x.jpg` has a wildcard in a folder; only the file name may be a pattern (e.g. Documents/*.jpg)",
        ])
    }

    @Test("a plain path is not a pattern", arguments: [("Documents/Photo-1.jpg", false), ("Documents/*.jpg", true),
                                                       ("Documents/Photo-?.jpg", true), ("Documents/[ab].jpg", true)])
    func patterns(_ path: String, _ isPattern: Bool) throws {
        #expect(try #require(AppPath(path)).isPattern == isPattern)
    }
}
