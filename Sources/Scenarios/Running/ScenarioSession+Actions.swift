import Core
import Foundation
import Platform
import Simulator

/// What each command does to the app and the device. Assertions are in
/// `ScenarioSession+Assertions.swift` and `ScenarioSession+FileAssertions.swift`.
extension ScenarioSession {
    /// Performs one command (never `repeat`, which ``execute(_:)`` unrolls).
    func perform(_ command: ScenarioCommand, at step: ScenarioStep) throws {
        switch command {
        case .launchApp(let options): try launch(options)
        case .stopApp: try stopApp()
        case .killApp: try killApp()
        case .clearState: try clearState()
        case .addMedia(let files): try applyMedia(files); try settleIfRunning()
        case .setPermissions(let grants): try apply(grants)
        case .tapOn(let selector): try host.tap(where: selector.matches, describedAs: selector.query, index: selector.index ?? 0)
        case .inputText(let text): try host.inputText(text)
        case .inputRandom(let input): try host.inputText(input.text(drawingFrom: world.streams.stream("input random")))
        case .eraseText(let count): try host.eraseText(characters: count)
        case .navigateBack: try host.back()
        case .terminateApp: try terminateApp()
        case .hideKeyboard: try host.hideKeyboard()
        case .copyTextFrom(let selector): try copyText(from: selector)
        case .pasteText: if let copiedText { try host.inputText(copiedText) }
        case .clearKeychain: break  // the device keeps no keychain items: there is nothing to clear
        case .pressKey(.backspace): try host.eraseText(characters: 1)
        case .pressKey: try host.pressHome()
        case .waitForAnimationToEnd: try host.settle()
        case .takeScreenshot(let name): try host.settle(); try recordScreenshot(named: name, at: step)
        case .repeat, .repeatWhile, .conditional, .retry, .hookedFlow, .extendedWaitUntil, .evalScript, .runScript, .assertTrue, .tapWith, .setAirplaneMode, .travel,
             .back, .scroll, .scrollUntilVisible, .swipeScreen:
            preconditionFailure("\(command.name) is unrolled by execute(_:)")
        case .setLocation(let latitude, let longitude): device.location = Coordinate(latitude: latitude, longitude: longitude)
        case .openLink(let link):
            // The in-process reference apps name no URL scheme: no app of the device opens links.
            _ = try LinkOpening.scheme(of: link, handledBy: [], app: host.definition.displayName)
        case .swipe(let selector, _): try host.swipe(where: selector.matches, describedAs: selector.query, index: selector.index ?? 0)
        case .simulateMemoryWarning: try host.simulateMemoryWarning()
        case .advanceClock(let duration): try advanceClock(by: duration)
        case .pickPhoto(let selector, let crop):
            // On a PHPicker, the one asset as its result, as on an app process; it has no editor.
            if host.presented?.screen is PhotoPickerController {
                if crop != nil { throw StepFailure.cropOnPhotoPicker }
                let index = try pickerIndex(selector)
                try host.pickerResults(assets: [index < 0 ? ((try? device.mediaLibrary.assets().count) ?? 0) + index : index])
            } else {
                try host.pickPhoto(index: try pickerIndex(selector), crop: crop.map(pixelRect))
            }
        case .takePhoto(let shot): try takePhoto(shot)
        case .cancelPicker: try host.cancelPicker()
        case .pickerResults(let assets, let failing): try pickerResults(assets, failing: failing)
        case .removeMedia(let selector): try removeMedia(selector)
        case .deleteFile(let path): try deleteFile(path)
        case .injectFault(let injection): host.faults.inject(injection.rule)
        case .setFaultRate(let rate): host.faults.setRate(rate)
        case .crashAt(let point, let occurrence): try host.faults.arm(crashPointNamed: point, occurrence: occurrence)
        case .killAtTraceEvent(.after(let event)): host.faults.killAfterTraceEvent(event)
        case .killAtTraceEvent(.containing(let text)): host.faults.killAtFirstTraceEvent(containing: text)
        default: try check(command)
        }
    }

    /// Maestro's `copyTextFrom` (Orchestra.kt `resolveText`): the element's text, else its
    /// placeholder or label, becomes the copied text `pasteText` types.
    private func copyText(from selector: ElementSelector) throws {
        try settledRunningApp()
        guard let element = selector.match(in: host.visibleElements) else {
            throw StepFailure("\(selector) is not on \(host.visibleScreenName); nothing to copy")
        }
        guard let text = [element.value, element.label].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw StepFailure("Element does not contain text to copy: \(element.summary)")
        }
        copiedText = text
    }

    /// Maestro's `launchApp` (Orchestra.kt `launchAppCommand`): a running app is stopped first
    /// as `stopApp` stops it, unless `stopApp: false`.
    private func launch(_ options: LaunchOptions) throws {
        if options.stopApp || options.clearState, host.state.isRunning { try host.kill() }
        if options.clearState { try eraseContainer() }
        try apply(options.permissions)
        var arguments: [String: String] = [:]
        for argument in options.arguments { arguments[argument.name] = argument.value }
        try host.launch(arguments: arguments)
    }

    /// Maestro's `stopApp` on iOS: `simctl terminate` (IOSDriver.kt `stopApp`,
    /// LocalSimulatorUtils.kt `terminate`), which ends the app with no notification, as
    /// `killApp` does; an app that is not running stays so (Maestro ignores terminate's failure).
    private func stopApp() throws {
        guard host.state.isRunning else { return world.trace.record(.stopIgnored(state: host.state.description)) }
        try host.kill()
    }

    /// PhotoSim's graceful end: `willTerminate` delivered, then the process ends; an app that
    /// is not running fails the step (the scenario meant to end a running app).
    private func terminateApp() throws {
        guard host.state.isRunning else { throw StepFailure("terminateApp: the app is not running; launch it first") }
        try host.terminate()
    }

    /// Maestro's `killApp`, on iOS the same as `stopApp` (IOSDriver.kt: "On iOS there is no
    /// Process Death like on Android so this command will be a synonym to the stop command"):
    /// killed with no notification; an app that is not running stays so.
    private func killApp() throws {
        guard host.state.isRunning else { return world.trace.record(.killIgnored(state: host.state.description)) }
        try host.kill()
    }

    /// Erases the app's data container (the app is stopped first, as Maestro's `clearState` does).
    private func clearState() throws {
        if host.state.isRunning { try host.kill() }
        try eraseContainer()
    }

    private func eraseContainer() throws {
        for name in try fileSystem.contentsOfDirectory(at: device.containerPath) {
            try fileSystem.removeItem(at: device.containerPath.appendingPathComponent(name))
        }
        world.trace.record(.containerCleared(appID: scenario.header.appId))
    }

    private func settleIfRunning() throws {
        if host.state.isRunning { try host.settle() }
    }

    private func advanceClock(by duration: ScenarioDuration) throws {
        try world.advanceClock(by: duration)
        try settleIfRunning()
    }

    /// `takePhoto: {image: FILE}` with a file that is no image, for both kinds of session.
    static func unusableCameraImage(_ path: String, _ error: Error) -> StepFailure {
        StepFailure("the image \(path) given to the camera cannot be used (\(error)); "
            + "give a JPEG, PNG, HEIC or GIF file that opens in an image viewer")
    }

    private func takePhoto(_ shot: CameraShot) throws {
        switch shot {
        case .image(let file):
            do {
                try host.takePhoto(imageData: try fileSystem.contents(of: file.path))
            } catch RuntimeError.unusableCameraImage(let error) {
                throw Self.unusableCameraImage(file.path, error)
            }
        case .synthetic(let width, let height):
            let saved = host.cameraPhotoSize
            defer { host.cameraPhotoSize = saved }
            if width != nil || height != nil {
                let camera = device.deviceType.cameraPhotoSize
                host.cameraPhotoSize = (width ?? camera.width, height ?? camera.height)
            }
            try host.takePhoto()
        }
    }

    private func pickerResults(_ assets: [AssetSelector], failing: [AssetSelector]) throws {
        let indices = try assets.map { selector throws(StepFailure) in try pickerIndex(selector) }
        let failingIndices = try failing.map { selector throws(StepFailure) in try pickerIndex(selector) }
        try host.pickerResults(assets: indices, failing: Set(failingIndices))
    }

    private func removeMedia(_ selector: AssetSelector) throws {
        let asset = try asset(selector)
        _ = try device.mediaLibrary.remove(localIdentifiers: [asset.localIdentifier])
        world.trace.record(.mediaRemoved(file: asset.fileName))
        try settleIfRunning()
    }

    /// Removes a file behind the app's back; a missing file is a mistake in the scenario.
    private func pixelRect(_ crop: PhotoCrop) -> PixelRect {
        PixelRect(x: crop.x, y: crop.y, width: crop.size, height: crop.size)
    }

    /// The asset a selector names, in the picker's order (oldest first; negative from the newest).
    func asset(_ selector: AssetSelector) throws(StepFailure) -> MediaAsset {
        let assets: [MediaAsset]
        do {
            assets = try device.mediaLibrary.assets()
        } catch {
            throw StepFailure("the device's library cannot be read: \(error)")
        }
        return try selector.select(in: assets).asset
    }

    /// The picker index of the asset a selector names.
    func pickerIndex(_ selector: AssetSelector) throws(StepFailure) -> Int {
        if case .index(let index) = selector {
            _ = try asset(selector)
            return index
        }
        let chosen = try asset(selector)
        let assets = (try? device.mediaLibrary.assets()) ?? []
        return assets.firstIndex(where: { $0.localIdentifier == chosen.localIdentifier }) ?? 0
    }
}

extension AssetSelector {
    /// The asset of `assets` (the library's, oldest first) this selector names, and its
    /// position; a failure names what the library has.
    func select(in assets: [MediaAsset]) throws(StepFailure) -> (position: Int, asset: MediaAsset) {
        switch self {
        case .index(let index):
            let position = index < 0 ? assets.count + index : index
            guard assets.indices.contains(position) else {
                throw StepFailure("the library has \(assets.count) photos; there is no index \(index) (negative counts from the newest)")
            }
            return (position, assets[position])
        case .localIdentifier(let identifier):
            guard let position = assets.firstIndex(where: { $0.localIdentifier == identifier }) else {
                throw StepFailure("the library has no asset \(identifier); its assets: "
                    + assets.map(\.localIdentifier).joined(separator: ", "))
            }
            return (position, assets[position])
        }
    }
}

extension ElementSelector {
    /// Whether `element` is one this selector means, as Maestro matches: its label or value
    /// by the text, its identifier by the id (``ElementSelector/maestroMatches(_:_:)``).
    /// The states (Maestro's `enabled`, `checked`, `selected`, `focused`) must hold too; the
    /// relations and sizes, which need frames, are refused before an in-process run starts.
    func matches(_ element: Element) -> Bool {
        if let id, !Self.maestroIdMatches(id, element.identifier) { return false }
        if !states.admit(enabled: element.isEnabled, checked: element.kind == .toggle && element.value == "1",
                         selected: element.isSelected, focused: element.isFocused) { return false }
        if !traits.allSatisfy({ $0.holds(text: element.value, width: nil, height: nil) }) { return false }
        guard let text else { return true }
        return Self.maestroMatches(text, element.label) || Self.maestroMatches(text, element.value)
    }

    /// The element of `elements` this selector means: of those it matches, the one at its
    /// `index` (from the last when negative); nil when there is none there.
    func match(in elements: [Element]) -> Element? {
        let matches = elements.filter(matches)
        let wanted = index ?? 0
        let position = wanted < 0 ? matches.count + wanted : wanted
        return matches.indices.contains(position) ? matches[position] : nil
    }

    /// The label and id part of the selector, as a failure names it (the host adds the index).
    var query: String {
        ([text.map { "“\($0)”" }, id.map { "id “\($0)”" }].compactMap { $0 } + states.descriptions).joined(separator: ", ")
    }
}

extension World {
    /// `advanceClock`: the world's clock moves on by `duration`, running what falls due, on
    /// the app host and for an app process alike.
    func advanceClock(by duration: ScenarioDuration) throws {
        trace.record(.clockAdvanced(span: duration.description))
        try passTime(nanoseconds: duration.milliseconds * 1_000_000)
    }

    /// The clock moves on by what a step took, running what falls due, with no trace line of
    /// its own: an app process's step takes the time it takes in the app's world.
    func passTime(nanoseconds: Int64) throws {
        guard nanoseconds > 0 else { return }
        do {
            _ = try scheduler.advance(to: clock.now.advanced(by: .nanoseconds(nanoseconds)))
        } catch {
            throw RuntimeError.world(error)
        }
    }
}
