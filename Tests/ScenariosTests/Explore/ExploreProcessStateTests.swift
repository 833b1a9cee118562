import AppChannel
@testable import Scenarios
import Testing

/// What exploration sees of an app process's settled tree: only what is on top, and selectors
/// that Maestro's lookup resolves to the very element drawn.
@Suite struct ExploreProcessStateTests {
    /// A navigation bar over a table of two rows that read the same, and, when `sheet`, a
    /// presented sheet with its own button over them.
    static func snapshot(sheet: Bool) -> ProcessScenarioSession.ExploreSnapshot {
        func cell(_ id: Int, y: Double) -> ElementNode {
            ElementNode(id: id, kind: "cell", label: "Cancelled", frame: [0, y, 393, 44])
        }
        let table = ElementNode(id: 2, kind: "table", frame: [0, 100, 393, 600], children: [cell(3, y: 100), cell(4, y: 144)])
        let screen = ElementNode(id: 1, kind: "view", frame: [0, 0, 393, 852],
                                 children: [ElementNode(id: 5, kind: "button", label: "Tweet", frame: [20, 700, 100, 44]), table])
        var window = ElementNode(id: 0, kind: "window", frame: [0, 0, 393, 852], children: [screen])
        if sheet {
            window.children.append(ElementNode(id: 6, kind: "view", frame: [0, 60, 393, 792],
                                               children: [ElementNode(id: 7, kind: "button", label: "Post", frame: [293, 60, 80, 44])]))
        }
        return .init(applicationState: "active", tree: window,
                     presentations: sheet ? [Presentation(typeName: "SLComposeViewController", title: "Twitter", style: "pageSheet")] : [],
                     systemAlert: nil, cameraGranted: true, libraryCount: 0, armedCrashPoints: [])
    }

    @Test func aSecondRowOfTheSameTextIsNamedByTheIndexThatReachesIt() throws {
        let state = ExploreState(process: Self.snapshot(sheet: false))
        let rows = state.deletable
        #expect(rows.count == 2)
        let second = try #require(rows.last)
        let selector = state.selector(for: second)
        #expect(selector.text == "Cancelled")
        #expect(selector.match(in: try #require(Self.snapshot(sheet: false).tree))?.id == 4, "\(selector)")
    }

    @Test func underASheetOnlyTheSheetIsDrawnFrom() {
        let state = ExploreState(process: Self.snapshot(sheet: true))
        #expect(state.tappable.map(\.label) == ["Post"], "the Tweet button and the rows are under the sheet")
        #expect(state.deletable.isEmpty)
        #expect(state.allows(.back), "back cancels what is presented")
    }
}

/// The camera takes a photo only when it is allowed: undecided, UIKit's camera shows no image.
@Suite struct ExploreProcessCameraTests {
    @Test(arguments: [(true, true), (false, false)])
    func aPhotoIsTakenOnlyWithTheCameraAllowed(granted: Bool, allowed: Bool) {
        let camera = Presentation(typeName: "UIImagePickerController", title: nil, style: "fullScreen", sourceType: 1)
        let snapshot = ProcessScenarioSession.ExploreSnapshot(
            applicationState: "active", tree: ElementNode(id: 0, kind: "window", frame: [0, 0, 393, 852]), presentations: [camera],
            systemAlert: nil, cameraGranted: granted, libraryCount: 0, armedCrashPoints: [])
        #expect(ExploreState(process: snapshot).allows(.takePhoto) == allowed)
    }
}
