import AppChannel
import AppRuntime
import Foundation
import Scenarios
import Testing

/// Where a tap lands in an app process: at the element's centre, on the view UIKit's
/// `hitTest(_:with:)` finds there (Journal's Touch screen: a button under an overlay that goes
/// after 3 s, a label over a button), and Maestro's `waitUntilVisible`, which waits for a
/// covered element to be uncovered.
@Suite struct TouchTests {
    private func touched(_ app: LaunchedApp) -> String? {
        app.latest.element(identifier: "touched")?.label
    }

    @Test func aTapGoesToTheViewOnTopAndALabelLetsItThrough() throws {
        let fixture = try JournalFixture()
        // On the world's clock, which the overlay's timer follows.
        let app = try LaunchedApp.launch(bundle: fixture.bundle, container: fixture.container,
                                         device: LaunchedApp.Device(name: "iPhone 15", udid: "5A1E3C2B-0000-4000-8000-000000000001"),
                                         world: AppWorld(realtimeNanoseconds: 1_700_000_000_000_000_000, randomSeed: 1))
        defer { app.kill() }
        try app.tap(label: "Touch")
        try app.tap(label: "Covered")
        #expect(touched(app) == "nothing", "the overlay is on top of the button: it takes the touch")
        try app.tap(label: "Over the button")
        #expect(touched(app) == "beneath", "a label takes no touches: the button under it does")
        try app.send(.advanceClock(nanoseconds: 4_000_000_000))
        #expect(app.latest.element(identifier: "overlay") == nil, "the overlay's timer took it away")
        try app.tap(label: "Covered")
        #expect(touched(app) == "covered")
    }

    private func run(_ taps: String, fixture: JournalFixture) throws -> ScenarioResult {
        let scenario = try ProcessScenarioTests.scenario("""
            appId: com.example.journal
            ---
            - launchApp
            - tapOn: Touch
            \(taps)
            - assertVisible: {id: touched, text: covered}

            """, named: "touch.yaml", in: fixture)
        return ProcessScenarioTests.runner(fixture).run(scenario)
    }

    @Test func waitUntilVisibleWaitsForTheCoverToGoAndTapsAgain() throws {
        let fixture = try JournalFixture()
        let result = try run("- tapOn: {text: Covered, waitUntilVisible: true}", fixture: fixture)
        // The first tap met the overlay; the second, once it went, the button.
        #expect(result.failure == nil, "\(String(describing: result.failure))")
    }

    @Test func withoutWaitUntilVisibleTheCoveredTapIsLost() throws {
        let fixture = try JournalFixture()
        let result = try run("- tapOn: Covered", fixture: fixture)
        let failure = try #require(result.failure)
        #expect(failure.location == "touch.yaml:6:3", "the tap met the overlay, and no tap came after it: \(failure)")
    }

    @Test func waitUntilVisibleDoesNotTapTwiceWhenTheTapChangedTheScreen() throws {
        let fixture = try JournalFixture()
        let scenario = try ProcessScenarioTests.scenario("""
            appId: com.example.journal
            ---
            - launchApp
            - tapOn: {text: Add, waitUntilVisible: true}
            - assertVisible: 1 entry

            """, named: "once.yaml", in: fixture)
        let result = ProcessScenarioTests.runner(fixture).run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
    }

    @Test func aTapAtAPointGoesToWhatIsOnTopThere() throws {
        let fixture = try JournalFixture()
        let scenario = try ProcessScenarioTests.scenario("""
            appId: com.example.journal
            ---
            - launchApp
            - tapOn: Touch
            # The overlay covers the Covered button (20, 200, 150 x 44): the touch is the overlay's.
            - tapOn: {point: "95, 222"}
            - assertVisible: {id: touched, text: nothing}
            # Maestro's percentages on the screen's whole points: 24 % of 393 is 94, 40 % of 852 is 340,
            # on the label over the Beneath button.
            - tapOn: {point: "24%,40%"}
            - assertVisible: {id: touched, text: beneath}
            - advanceClock: 3s
            - longPressOn:
                point: 95,222
            - assertVisible: {id: touched, text: covered}

            """, named: "point.yaml", in: fixture)
        let result = ProcessScenarioTests.runner(fixture).run(scenario)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.commands.map(\.command).contains("tapOn: at 24%,40%"), "\(result.commands)")
    }

    @Test func aPointOffTheWindowTouchesNothingAndABadOneFailsAsMaestrosDoes() throws {
        let fixture = try JournalFixture()
        let scenario = try ProcessScenarioTests.scenario("""
            appId: com.example.journal
            env: {ACROSS: "120"}
            ---
            - launchApp
            - tapOn: {point: "900, 900"}
            - assertRunning
            - tapOn: {point: "${ACROSS + '%,5%'}"}

            """, named: "bad-point.yaml", in: fixture)
        let result = ProcessScenarioTests.runner(fixture).run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.location == "bad-point.yaml:7:3" && failure.message == "Invalid point: 120%,5%", "\(failure)")
    }
}
