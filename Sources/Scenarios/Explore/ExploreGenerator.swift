import Core
import Platform
import Simulator

/// Draws the next valid event for the app's state and writes it as scenario commands.
///
/// Valid means the command can be carried out now: taps name a visible, enabled element that
/// acts, edits need a focused text field, picks need a presented picker, and so on. Every draw
/// comes from one `RandomSource` (the run's `explore` seed stream), so a seed gives one sequence.
final class ExploreGenerator {
    let random: RandomSource
    /// The launch arguments every launch passes (the app's variant).
    let arguments: [LaunchArgument]
    /// The media files `addMedia` may add (suite paths beside the written scenario).
    let mediaFiles: [SuiteFilePath]

    static let words = ["Beach", "Harbour", "Café", "x", "Old Town"]
    static let clockJumps: [ScenarioDuration] = [.init(milliseconds: 1_000), .init(milliseconds: 60_000),
                                                 .init(milliseconds: 3_600_000), .init(milliseconds: 86_400_000)]

    init(random: RandomSource, arguments: [LaunchArgument], mediaFiles: [SuiteFilePath]) {
        self.random = random
        self.arguments = arguments
        self.mediaFiles = mediaFiles
    }

    /// The launch that starts every run.
    var launch: ScenarioCommand { .launchApp(LaunchOptions(arguments: arguments)) }

    /// The next event for the app's `state` and its commands.
    func next(_ state: ExploreState) -> (event: ExploreEvent, commands: [ScenarioCommand]) {
        let possible = ExploreEvent.allCases.filter { state.allows($0) }
        let event = draw(possible)
        return (event, commands(for: event, in: state))
    }

    private func draw(_ events: [ExploreEvent]) -> ExploreEvent {
        let total = events.reduce(0) { $0 + $1.weight }
        var ticket = random.next(below: total)
        for event in events {
            if ticket < event.weight { return event }
            ticket -= event.weight
        }
        preconditionFailure("a ticket below the total falls on an event")
    }

    private func pick<Element>(_ items: [Element]) -> Element {
        items[Int(random.next(below: UInt64(items.count)))]
    }

    private func number(below bound: Int) -> Int {
        Int(random.next(below: UInt64(bound)))
    }

    /// The commands that carry `event` out in `state` (which allows it).
    func commands(for event: ExploreEvent, in state: ExploreState) -> [ScenarioCommand] {
        switch event {
        case .tap: return [.tapOn(state.selector(for: pick(state.tappable)))]
        case .edit: return [.inputText(pick(Self.words))]
        case .erase: return [.eraseText(characters: 1 + number(below: 5))]
        case .delete:
            return [.swipe(from: state.selector(for: pick(state.deletable)), direction: .left),
                    .tapOn(ElementSelector(text: "Delete"))]
        case .pick: return [.pickPhoto(endAsset(), crop: nil)]
        case .takePhoto: return [.takePhoto(.synthetic(width: 48 + 8 * number(below: 4), height: 36))]
        case .pickerResults:
            let asset = endAsset()
            return [.pickerResults(assets: [asset], failing: number(below: 4) == 0 ? [asset] : [])]
        case .cancelPicker: return [.cancelPicker]
        case .back: return [.navigateBack]
        case .background: return [.pressKey(.home)]
        case .foreground: return [.launchApp(LaunchOptions(stopApp: false, arguments: arguments))]
        case .memoryWarning: return [.simulateMemoryWarning]
        case .kill: return [.killApp(appId: nil)]
        case .relaunch: return [launch]
        case .killMidOperation:
            return [.crashAt(point: pick(state.crashPoints.filter { !state.armedCrashPoints.contains($0) }), occurrence: 1)]
        case .killAtFileWrite: return [.killAtTraceEvent(.containing("file written " + pick(["Documents/", "Library/"])))]
        case .diskFault:
            return [.injectFault(FaultInjection(kind: pick(FaultKind.allCases), operation: pick(Self.faultedOperations),
                                                nth: 1 + number(below: 3)))]
        case .permissions: return [.setPermissions([permissionGrant()])]
        case .addMedia: return [.addMedia([pick(mediaFiles)])]
        case .removeMedia: return [.removeMedia(endAsset())]
        case .clockJump: return [.advanceClock(pick(Self.clockJumps))]
        }
    }

    /// The operations a drawn fault fails (see ``ExploreEvent/diskFault``).
    static let faultedOperations: [FaultOperation] = [.write, .sync, .remove, .rename]

    /// The oldest (0) or the newest (-1) asset: valid whatever the library holds, so a shrunk
    /// sequence that drops earlier library changes still names an asset.
    private func endAsset() -> AssetSelector {
        .index(number(below: 2) == 0 ? 0 : -1)
    }

    private func permissionGrant() -> PermissionGrant {
        if number(below: 2) == 0 {
            return PermissionGrant(service: .camera, setting: pick([.allow, .deny, .unset]))
        }
        return PermissionGrant(service: .photos, setting: pick([.allow, .deny, .unset, .limited]))
    }
}
