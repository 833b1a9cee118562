import Testing
@testable import Scenarios

/// Selectors as Maestro matches them (maestro-client Filters.kt `textMatches` and `idMatches`,
/// Orchestra.kt `REGEX_OPTIONS`, StringUtils `toRegexSafe`).
@Suite struct MaestroSelectorTests {
    @Test(arguments: [
        ("Add", "add", true),                       // ignoring case
        ("Photo \\d+", "Photo 12", true),           // a regular expression
        ("Photo", "Photo 1", false),                // matched in full
        ("a|ab", "ab", true),                       // in full, whichever alternative does it
        ("Delete Item?", "Delete Item?", true),     // the text itself, whatever the expression says
        ("Delete Item?", "Delete Ite", true),
        ("(", "(", true),                           // no expression: taken literally
        ("(", "x", false),
        ("Two lines", "Two\nlines", true),          // newlines read as spaces
        ("Two.lines", "Two\nlines", true),          // `.` matches a newline
        (".*Beach.*", "A day at the beach", true),
        ("Beach", nil, false),
    ] as [(String, String?, Bool)])
    func textIsAWholeCaseInsensitiveRegularExpression(pattern: String, value: String?, matches: Bool) {
        #expect(ElementSelector.maestroMatches(pattern, value) == matches)
    }

    @Test func anIdMatchesWholeOrAfterItsLastSlash() {
        #expect(ElementSelector.maestroIdMatches("done", "com.example:id/done"))
        #expect(ElementSelector.maestroIdMatches("com.example:id/done", "com.example:id/done"))
        #expect(ElementSelector.maestroIdMatches("entry.*", "entryField"))
        #expect(!ElementSelector.maestroIdMatches("entry", "entryField"))
    }
}
