import AppChannel
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

/// Maestro's lookup over an app process's element tree (Orchestra.kt `buildFilter`, Filters.kt):
/// relations nearest first, states, sizes, `index` in screen order and the deepest match.
@Suite struct MaestroElementLookupTests {
    /// A form as an app process draws it: a title, two rows of a label and a text field
    /// side by side, a switch, and a cell whose label repeats the cell's own.
    static let tree: ElementNode = {
        var id = 0
        func node(_ kind: String, _ label: String?, _ frame: [Double], identifier: String? = nil, value: String? = nil,
                  enabled: Bool = true, focused: Bool = false, children: [ElementNode] = []) -> ElementNode {
            id += 1
            return ElementNode(id: id, kind: kind, label: label, identifier: identifier, value: value, frame: frame,
                               isEnabled: enabled, isFocused: focused, children: children)
        }
        var rows: [ElementNode] = []
        rows.append(node("label", "Title", [0, 0, 375, 44]))
        rows.append(node("label", "Name", [16, 100, 80, 44]))
        rows.append(node("textField", nil, [120, 100, 200, 44], identifier: "name", value: "Ann"))
        rows.append(node("label", "Place", [16, 200, 80, 44]))
        rows.append(node("textField", nil, [120, 200, 200, 44], identifier: "place", focused: true))
        rows.append(node("switch", "Public", [300, 300, 51, 31], value: "1"))
        rows.append(node("switch", "Starred", [300, 350, 51, 31], value: "0", enabled: false))
        let label = node("label", "Beach", [16, 410, 200, 40])
        rows.append(node("cell", "Beach", [0, 400, 375, 60], children: [label]))
        return ElementNode(id: 0, kind: "window", frame: [0, 0, 375, 667], children: rows)
    }()

    func found(_ selector: ElementSelector) -> ElementNode? { selector.match(in: Self.tree) }

    @Test func relationsFindTheNearestElementStandingSo() {
        #expect(found(ElementSelector(relations: [.rightOf(ElementSelector(text: "Name"))]))?.identifier == "name")
        #expect(found(ElementSelector(relations: [.rightOf(ElementSelector(text: "Place"))]))?.identifier == "place")
        #expect(found(ElementSelector(text: "Name", relations: [.above(ElementSelector(text: "Place"))]))?.label == "Name")
        #expect(found(ElementSelector(text: "Place", relations: [.above(ElementSelector(text: "Name"))])) == nil)
        #expect(found(ElementSelector(id: "place", relations: [.below(ElementSelector(id: "name"))]))?.identifier == "place")
        #expect(found(ElementSelector(text: "Name", relations: [.leftOf(ElementSelector(id: "name"))]))?.label == "Name")
    }

    @Test func childOfLooksInsideAndContainsLooksBelow() {
        let inCell = found(ElementSelector(text: "Beach", relations: [.childOf(ElementSelector(text: "Beach", index: 0))]))
        #expect(inCell?.kind == "label")
        #expect(found(ElementSelector(relations: [.containsChild(ElementSelector(text: "Beach"))]))?.kind == "cell")
        // With a text the cell's label stands for the cell (deepest match), and has nothing below it.
        #expect(found(ElementSelector(text: "Beach", relations: [.containsDescendants([ElementSelector(text: "Beach")])])) == nil)
        let row = ElementSize(width: 375, height: 60)
        #expect(found(ElementSelector(relations: [.containsDescendants([ElementSelector(text: "Beach")])], size: row))?.kind == "cell")
        #expect(found(ElementSelector(relations: [.containsDescendants([ElementSelector(text: "Nowhere")])], size: row)) == nil)
    }

    @Test func statesAndSizesAreAsIOSReportsThem() {
        #expect(found(ElementSelector(states: ElementStates(checked: true)))?.label == "Public")
        #expect(found(ElementSelector(text: "Starred", states: ElementStates(enabled: true))) == nil)
        #expect(found(ElementSelector(text: "Starred", states: ElementStates(enabled: false, checked: false)))?.label == "Starred")
        #expect(found(ElementSelector(states: ElementStates(focused: true)))?.identifier == "place")
        #expect(found(ElementSelector(size: ElementSize(width: 51, height: 31)))?.label == "Public")
        #expect(found(ElementSelector(size: ElementSize(width: 200, tolerance: 1)))?.identifier == "name")
        #expect(found(ElementSelector(text: "Title", size: ElementSize(width: 300, tolerance: 10))) == nil)
    }

    @Test func traitsAreAsMaestrosIOSDriverGivesThem() {
        // TraitFilters.kt, Filters.kt: every element has text on iOS; square within 3 %.
        #expect(found(ElementSelector(traits: [.text]))?.kind == "window", "the first element of the walk, the window")
        #expect(found(ElementSelector(traits: [.square])) == nil, "no element here is square")
        let square = ElementNode(id: 0, kind: "window", frame: [0, 0, 375, 667], children: [
            ElementNode(id: 1, kind: "image", label: "Wide", frame: [0, 0, 100, 90]),
            ElementNode(id: 2, kind: "image", label: "Thumb", frame: [0, 100, 60, 61]),
            ElementNode(id: 3, kind: "textView", value: String(repeating: "a", count: 201), frame: [0, 200, 300, 100]),
            ElementNode(id: 4, kind: "textView", value: String(repeating: "a", count: 200), frame: [0, 300, 300, 100]),
        ])
        #expect(ElementSelector(traits: [.square]).match(in: square)?.label == "Thumb")
        #expect(ElementSelector(traits: [.longText]).match(in: square)?.id == 3, "more than 200 characters")
        #expect(ElementSelector(index: 1, traits: [.text, .longText]).match(in: square) == nil)
    }

    @Test func anElementIsRefreshedByItsAttributesWhereverItMoved() {
        // ViewHierarchy.kt refreshElement: the attributes but the bounds, one match or none.
        let tapped = ElementNode(id: 3, kind: "button", label: "Save", frame: [0, 100, 80, 44])
        let moved = ElementNode(id: 0, kind: "window", frame: [0, 0, 375, 667], children: [
            ElementNode(id: 1, kind: "button", label: "Save", frame: [200, 300, 80, 44]),
            ElementNode(id: 2, kind: "button", label: "Cancel", frame: [0, 100, 80, 44]),
        ])
        #expect(moved.refreshed(tapped)?.frame == [200, 300, 80, 44])
        let twice = ElementNode(id: 0, kind: "window", frame: [0, 0, 375, 667], children: [
            ElementNode(id: 1, kind: "button", label: "Save", frame: [200, 300, 80, 44]),
            ElementNode(id: 2, kind: "label", label: "Save", frame: [0, 400, 80, 44]),
        ])
        #expect(twice.refreshed(tapped) == nil, "two have its attributes (the kind is no attribute of Maestro's)")
        #expect(Self.tree.refreshed(tapped) == nil)
    }

    @Test func theDeepestMatchStandsForItsParents() {
        // Filters.kt deepestMatchingElement: the cell and its label both say Beach; the label is the match.
        #expect(found(ElementSelector(text: "Beach"))?.kind == "label")
        #expect(found(ElementSelector(text: "Beach", index: 1)) == nil)
    }

    @Test func indexCountsTopToBottomThenLeftToRight() {
        let fields = ElementSelector(text: "Name|Place|Ann|Title", index: 2)
        // Title (y 0), Name (y 100, x 16), the field showing Ann (y 100, x 120), Place (y 200).
        #expect(found(fields)?.identifier == "name")
        #expect(found(ElementSelector(text: "Name|Place|Ann|Title", index: -1))?.label == "Place")
    }
}

/// Maestro's selector keys as a scenario file writes them (YamlElementSelector.kt).
@Suite struct MaestroSelectorLoadingTests {
    @Test func relationsStatesAndSizesLoadAsWritten() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: a.b
            ---
            - tapOn: {below: Title, rightOf: {text: Name, index: "0"}, enabled: true, checked: false, width: 200, tolerance: 4}
            - assertVisible: {containsDescendants: [Beach, {id: photo}], childOf: {id: list}}
            """)
        let steps = try fixture.load("flow.yaml").steps
        #expect(steps.map(\.command) == [
            .tapOn(ElementSelector(relations: [.below(ElementSelector(text: "Title")), .rightOf(ElementSelector(text: "Name", index: 0))],
                                   states: ElementStates(enabled: true, checked: false), size: ElementSize(width: 200, tolerance: 4))),
            .assertVisible(ElementSelector(relations: [.childOf(ElementSelector(id: "list")),
                                                       .containsDescendants([ElementSelector(text: "Beach"), ElementSelector(id: "photo")])])),
        ])
    }

    @Test func traitsAndIgnoredKeysLoadAsMaestroReadsThem() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: a.b
            ---
            - tapOn: {traits: text, retryTapIfNoChange: false}
            - assertVisible: {traits: "square LONG_TEXT"}
            - scrollUntilVisible: {element: {id: more, optional: true, label: The more button}}
            """)
        #expect(try fixture.load("flow.yaml").steps.map(\.command) == [
            .tapOn(ElementSelector(traits: [.text])),
            .assertVisible(ElementSelector(traits: [.square, .longText])),
            .scrollUntilVisible(ScrollSearch(element: ElementSelector(id: "more"))),
        ])
        try fixture.write("bad.yaml", "appId: a.b\n---\n- tapOn: {traits: round}\n- tapOn: {text: A, below: {text: B, optional: maybe}}\n")
        #expect(fixture.problems("bad.yaml") == [
            "<root>/bad.yaml:3:19: `tapOn.traits`: `round` is none of Maestro's traits (text, square, long-text)",
            "<root>/bad.yaml:4:47: `tapOn.below.optional`: expected true or false, found `maybe`",
        ])
    }

    @Test func wrongSelectorKeysAreLocated() throws {
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", """
            appId: a.b
            ---
            - tapOn: {text: A, tolerance: 3}
            - tapOn: {text: A, enabled: yes please}
            - tapOn: {below: {}}
            - tapOn: {containsDescendants: A}
            - tapOn: {below: {}, repeat: lots}
            """)
        #expect(fixture.problems("flow.yaml") == [
            "<root>/flow.yaml:3:10: `tapOn`: `tolerance` is how far `width` or `height` may be off; give one of them",
            "<root>/flow.yaml:4:29: `tapOn.enabled`: expected true or false, found `yes please`",
            "<root>/flow.yaml:5:18: `tapOn.below`: needs `text`, `id` or another key to match on (`below`, `enabled`, `width`, …)",
            "<root>/flow.yaml:6:32: `tapOn.containsDescendants`: expected a list of selectors, found `A`",
            // A wrong tap key and a wrong selector key of one command, found in one pass.
            "<root>/flow.yaml:7:18: `tapOn.below`: needs `text`, `id` or another key to match on (`below`, `enabled`, `width`, …)",
            "<root>/flow.yaml:7:30: `tapOn.repeat`: expected a whole number from -1000 to 100, found `lots`",
        ])
    }

    @Test func anInProcessRunRefusesRelationsBeforeItStarts() throws {
        let result = try ScenarioRunnerTests.run(ScenarioRunnerTests.myLocations + "---\n- launchApp\n- tapOn: {below: Title}\n")
        #expect(result.failure?.message.contains("relations and sizes need the frames of an app in its own process") == true,
                "\(String(describing: result.failure?.message))")
    }

    @Test func anInProcessRunRefusesWaitUntilVisibleBeforeItStarts() throws {
        let result = try ScenarioRunnerTests.run(ScenarioRunnerTests.myLocations
            + "---\n- launchApp\n- tapOn: {text: Tag Location, waitUntilVisible: true}\n")
        let message = try #require(result.failure?.message)
        #expect(message.contains("waitUntilVisible: whether another element covers the tapped one needs the frames"), "\(message)")
        #expect(result.commands.allSatisfy { $0.status == .skipped }, "nothing ran")
    }

    @Test func anInProcessRunRefusesTheReturnKeyAndPressesDelete() throws {
        let refused = try ScenarioRunnerTests.run(ScenarioRunnerTests.myLocations + "---\n- launchApp\n- pressKey: Enter\n")
        #expect(refused.failure?.message.contains("pressKey: Enter: the in-process apps' text fields have no return key") == true,
                "\(String(describing: refused.failure?.message))")
        let erased = try ScenarioRunnerTests.run(ScenarioRunnerTests.myLocations + """
            ---
            - launchApp
            - tapOn: Tag Location
            - tapOn: {id: description}
            - inputText: Harbourr
            - pressKey: Backspace
            - assertTrace: erase to “Harbour”

            """)
        #expect(erased.failure == nil, "\(String(describing: erased.failure))")
    }

    @Test func aPointIsWholeNumbersOrWholePercentagesOfTheScreen() throws {
        let half = try #require(ScreenPoint("50%, 50%")).inPoints(width: 393, height: 852)
        #expect(half.x == 196 && half.y == 426, "Maestro's integer grid")
        let points = try #require(ScreenPoint("100,200")).inPoints(width: 393, height: 852)
        #expect(points.x == 100 && points.y == 200)
        for wrong in ["50.5%,10%", "101%,0%", "10", "a,b", "1,2,3"] { #expect(ScreenPoint(wrong) == nil, "\(wrong)") }
        let fixture = try ScenarioFixture()
        try fixture.write("flow.yaml", "appId: a.b\n---\n- tapOn: {point: \"150%, 10%\"}\n")
        #expect(fixture.problems("flow.yaml") == ["<root>/flow.yaml:3:18: `tapOn.point`: `150%, 10%` is no point (Maestro: “Invalid point”); "
            + "write \"x, y\" in points or \"x%, y%\" in whole percentages of the screen (\"50%, 50%\")"])
        let refused = try ScenarioRunnerTests.run(ScenarioRunnerTests.myLocations + "---\n- launchApp\n- tapOn: {point: \"50%,50%\"}\n")
        #expect(refused.failure?.message.contains("tapOn at a point: a point of the screen needs the frames of an app in its own process") == true,
                "\(String(describing: refused.failure?.message))")
    }

    @Test func anInProcessRunMatchesStates() throws {
        let result = try ScenarioRunnerTests.run(ScenarioRunnerTests.myLocations + """
            ---
            - launchApp
            - assertVisible: {text: Tag Location, enabled: true}
            - assertNotVisible: {text: Tag Location, enabled: false}
            """)
        #expect(result.failure == nil, "\(String(describing: result.failure?.message))")
    }
}
