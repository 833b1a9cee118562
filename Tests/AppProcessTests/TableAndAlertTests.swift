import AppChannel
import AppRuntime
import Foundation
import Testing

/// UITableView, UITableViewController and UIAlertController in an app process, with UIKit's
/// rules: rows from the data source, a tap selects, a swipe reveals Delete, an alert's action
/// dismisses it before its handler runs, an action sheet on an iPad needs an anchor.
@Suite struct TableAndAlertTests {
    /// A journal with two entries, on its list screen.
    private func journalOnItsList(_ fixture: JournalFixture) throws -> LaunchedApp {
        let app = try fixture.launch()
        for text in ["Beach", "Dog"] {
            try app.send(.tap(element: try #require(app.latest.element(identifier: "entryField")).id))
            try app.send(.inputText(text))
            try app.tap(label: "Add")
        }
        try app.tap(label: "List")
        return app
    }

    private func cells(_ step: SettledStep) -> [String] {
        step.tree.flattened.filter { $0.kind == "cell" }.compactMap(\.label)
    }

    @Test func theRowsComeFromTheDataSource() throws {
        let fixture = try JournalFixture()
        let app = try journalOnItsList(fixture)
        #expect(cells(app.latest) == ["Beach", "Dog"])
        let dog = try #require(app.latest.tree.flattened.first { $0.kind == "cell" && $0.label == "Dog" })
        // Rows of the default height, one under another, below the status bar (47) and the
        // navigation bar (44): the table's adjusted content inset, as on iOS.
        #expect(dog.frame == [0, 47 + 44 + 44, 393, 44])
        #expect(app.latest.element(label: "Entries")?.kind == "label", "the controller's title in the bar")
        fixture.end(app)
    }

    @Test func aTapAsksThenTheAlertsActionDismissesItBeforeItsHandlerRuns() throws {
        let fixture = try JournalFixture()
        let app = try journalOnItsList(fixture)
        try app.send(.tap(element: try #require(app.latest.tree.flattened.first { $0.kind == "cell" && $0.label == "Beach" }).id))
        #expect(app.latest.presented == ["UIAlertController"])
        #expect(app.latest.labels.contains("Delete “Beach”?"))
        #expect(app.latest.labels.contains("This cannot be undone."))
        #expect(!app.latest.tree.flattened.contains { $0.kind == "cell" },
                "an alert's view is modal (accessibilityViewIsModal): the rows under it are not in the tree")
        #expect(!app.latest.events.contains { $0.hasPrefix("viewWillDisappear") }, "an alert leaves its presenter on screen")

        try app.tap(label: "Delete")
        #expect(app.latest.presented.isEmpty)
        let events = app.latest.events
        #expect(events == [
            "UIAlertAction “Delete”",
            "dismiss(animated:completion:) UIAlertController",
            "viewWillDisappear(_:) UIAlertController",
            "viewDidDisappear(_:) UIAlertController",
            "handler of UIAlertAction “Delete”",
        ])
        #expect(cells(app.latest) == ["Dog"], "the handler deleted the row after the alert went")
        fixture.end(app)
    }

    @Test func cancelLeavesTheRowsAndItsHandlerDeselects() throws {
        let fixture = try JournalFixture()
        let app = try journalOnItsList(fixture)
        try app.send(.tap(element: try #require(app.latest.tree.flattened.first { $0.kind == "cell" && $0.label == "Dog" }).id))
        try app.tap(label: "Cancel")
        #expect(cells(app.latest) == ["Beach", "Dog"])
        #expect(app.latest.tree.flattened.filter { $0.kind == "cell" }.allSatisfy { !$0.isSelected })
        fixture.end(app)
    }

    @Test func aSwipeRevealsDeleteAndItsTapCommitsTheDeletion() throws {
        let fixture = try JournalFixture()
        let app = try journalOnItsList(fixture)
        let beach = try #require(app.latest.tree.flattened.first { $0.kind == "cell" && $0.label == "Beach" })
        try app.send(.swipeLeft(element: beach.id))
        #expect(app.latest.element(label: "Delete")?.kind == "button")
        try app.tap(label: "Delete")
        #expect(cells(app.latest) == ["Dog"])
        #expect(app.latest.element(label: "Delete") == nil)
        #expect(throws: LaunchedApp.LaunchError.refused(bundleIdentifier: "com.example.journal",
                                                        reason: "element 0 of the last tree is not a table row")) {
            try app.send(.swipeLeft(element: 0))
        }
        fixture.end(app)
    }

    @Test func anActionSheetShowsCancelLastOnAPhone() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.tap(label: "Share")
        #expect(app.latest.presented == ["UIAlertController"])
        let buttons = app.latest.tree.flattened.filter { $0.kind == "button" }.compactMap(\.label)
        #expect(buttons.suffix(2) == ["Copy", "Cancel"], "\(buttons)")
        try app.tap(label: "Cancel")
        #expect(app.latest.presented.isEmpty)
        fixture.end(app)
    }

    @Test func anActionSheetWithoutAnAnchorEndsTheAppOnAnIPad() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch(screen: JournalFixture.iPad)
        let error = #expect(throws: LaunchedApp.LaunchError.self) { try app.tap(label: "Share") }
        guard case .ended(_, let ending, let console)? = error else {
            Issue.record("the app should have ended: \(String(describing: error))")
            return
        }
        #expect(ending == .signalled(SIGABRT))
        #expect(console.contains("*** Terminating app due to uncaught exception 'NSGenericException', reason: 'Your application has presented a UIAlertController (<UIAlertController: 0x"), "\(console)")
        #expect(console.contains("of style UIAlertControllerStyleActionSheet from UINavigationController (<UINavigationController: 0x"))
        #expect(console.contains("You must provide either a sourceView and sourceRect or a barButtonItem.  If this information"))
        fixture.end(app)
    }

    @Test func tabsShowOneControllerAtATimeAndAFullScreenPresentationCoversItsPresenter() throws {
        let fixture = try JournalFixture()
        let app = try fixture.launch()
        try app.tap(label: "Tabs")
        #expect(app.latest.events == [
            "present(_:animated:completion:) UITabBarController",
            "viewDidLoad() TabPageViewController",
            "viewDidLoad() UITabBarController",
            "viewWillDisappear(_:) UINavigationController",
            "viewWillDisappear(_:) EntriesViewController",
            "viewWillAppear(_:) UITabBarController",
            "viewWillAppear(_:) TabPageViewController",
            "viewDidDisappear(_:) UINavigationController",
            "viewDidDisappear(_:) EntriesViewController",
            "viewDidAppear(_:) UITabBarController",
            "viewDidAppear(_:) TabPageViewController",
        ], "the presented view loads first; a full-screen presentation makes what is under it disappear")
        let tabs = app.latest.tree.flattened.filter { $0.kind == "button" && ["First", "Favorites"].contains($0.label ?? "") }
        #expect(tabs.map(\.label) == ["First", "Favorites"], "a system item is titled as iOS titles it")
        #expect(tabs.map(\.isSelected) == [true, false])
        #expect(app.latest.labels.contains("First page"))

        try app.tap(label: "Favorites")
        #expect(app.latest.labels.contains("Second page"))
        #expect(!app.latest.labels.contains("First page"))
        #expect(app.latest.events.first == "tab selected Favorites")
        #expect(app.latest.events.contains("viewDidDisappear(_:) TabPageViewController"))

        try app.tap(label: "Done")
        #expect(app.latest.presented.isEmpty)
        #expect(app.latest.events.contains("viewDidAppear(_:) EntriesViewController"))
        fixture.end(app)
    }
}
