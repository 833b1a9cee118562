import Foundation
import Platform

/// The arguments of the commands Maestro also has, in its shapes.
extension ScenarioDecoder {
    /// A list of suite files, each added to the library, or Maestro's `{files}` (YamlAddMedia).
    func addMedia(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.entries != nil {
            guard let map = keyed(argument, in: "addMedia", keys: ["files"], required: ["files"]), let files = map["files"] else { return nil }
            return mediaFiles(files, in: "addMedia.files")
        }
        return mediaFiles(argument, in: "addMedia")
    }

    /// A path that holds JavaScript (`${output.photo}`) is worked out as the command runs, as
    /// Maestro's `AddMediaCommand.evaluateScripts` does: the command is read again then, and the
    /// path is checked then (inside the suite, a file); until then the written text stands in.
    private func mediaFiles(_ node: YAMLNode, in context: String) -> ScenarioCommand? {
        let items: [YAMLNode]
        if node.isNull { return expected("a list of file paths", in: context, at: node) }
        if case .scalar = node.content { items = [node] } else if let list = node.items { items = list } else {
            return expected("a list of file paths", in: context, at: node)
        }
        let paths = items.compactMap { item -> SuiteFilePath? in
            if isDeferredScript(item), let written = item.scalarText { return SuiteFilePath(path: "", relativePath: written) }
            return suitePath(item, in: context)
        }
        return paths.count == items.count ? .addMedia(paths) : nil
    }

    /// Nothing, or Maestro's `{length}` (YamlInputRandomText, YamlInputRandomNumber): 8 when it
    /// is missing, 0 or less, as Maestro's `InputRandomCommand` makes it.
    func randomLength(_ argument: YAMLNode, in context: String) -> Int? {
        if argument.isNull { return RandomInput.defaultLength }
        guard let map = keyed(argument, in: context, keys: ["length"]) else { return nil }
        guard let node = map["length"] else { return RandomInput.defaultLength }
        guard let length = integer(node, in: context + ".length", range: -1_000_000...10_000) else { return nil }
        return length > 0 ? length : RandomInput.defaultLength
    }

    /// Text, or Maestro's `{text}` (YamlInputText; a number or true/false is its text).
    func inputText(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.entries != nil {
            guard let map = keyed(argument, in: "inputText", keys: ["text"], required: ["text"]), let node = map["text"] else { return nil }
            return scriptText(node, in: "inputText.text").map(ScenarioCommand.inputText)
        }
        return scriptText(argument, in: "inputText").map(ScenarioCommand.inputText)
    }

    /// Nothing, or Maestro's `{timeout}` in milliseconds (YamlWaitForAnimationToEndCommand): the
    /// step settles the world, which the timeout only bounds, so it is checked and kept by no one.
    func waitForAnimationToEnd(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .waitForAnimationToEnd }
        guard let map = keyed(argument, in: "waitForAnimationToEnd", keys: ["timeout"]) else { return nil }
        if let node = map["timeout"], integer(node, in: "waitForAnimationToEnd.timeout", range: 0...3_600_000) == nil { return nil }
        return .waitForAnimationToEnd
    }

    /// Nothing, an app id, or (Maestro's map form) `{appId}`.
    func optionalAppId(_ argument: YAMLNode, in context: String) -> String?? {
        if argument.isNull { return .some(nil) }
        if argument.entries != nil {
            guard let map = keyed(argument, in: context, keys: ["appId"]) else { return nil }
            guard let node = map["appId"] else { return .some(nil) }
            return text(node, in: context + ".appId").map { .some($0) }
        }
        return text(argument, in: context).map { .some($0) }
    }

    /// Nothing, an app id, or `{appId, clearState, stopApp, permissions, arguments}`.
    func launchApp(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .launchApp(LaunchOptions()) }
        if case .scalar = argument.content { return text(argument, in: "launchApp").map { .launchApp(LaunchOptions(appId: $0)) } }
        guard let map = keyed(argument, in: "launchApp", keys: ["appId", "clearState", "clearKeychain", "stopApp", "permissions", "arguments"],
                              shape: "nothing, an app id, or {appId, clearState, clearKeychain, stopApp, permissions, arguments}") else { return nil }
        var options = LaunchOptions()
        var valid = true
        func take<T>(_ value: T?, _ assign: (T) -> Void) { if let value { assign(value) } else { valid = false } }
        if let node = map["appId"] { take(text(node, in: "launchApp.appId")) { options.appId = $0 } }
        if let node = map["clearState"] { take(boolean(node, in: "launchApp.clearState")) { options.clearState = $0 } }
        if let node = map["stopApp"] { take(boolean(node, in: "launchApp.stopApp")) { options.stopApp = $0 } }
        // Maestro's clearKeychain (YamlLaunchApp): the device keeps no keychain items, as with
        // the clearKeychain command; the value is checked and changes nothing.
        if let node = map["clearKeychain"], boolean(node, in: "launchApp.clearKeychain") == nil { valid = false }
        if let node = map["permissions"] { take(permissions(node, in: "launchApp.permissions", ignoringOthers: true)) { options.permissions = $0 } }
        if let node = map["arguments"] { take(launchArguments(node)) { options.arguments = $0 } }
        return valid ? .launchApp(options) : nil
    }

    /// `{name: value}`; each value is kept as text (`true`, `0`, `phpicker`).
    private func launchArguments(_ node: YAMLNode) -> [LaunchArgument]? {
        guard let pairs = freeMap(node, in: "launchApp.arguments") else { return nil }
        let arguments = pairs.compactMap { pair in
            text(pair.value, in: "launchApp.arguments.\(pair.key)").map { LaunchArgument(name: pair.key, value: $0) }
        }
        return arguments.count == pairs.count ? arguments : nil
    }

    /// `{camera: allow, …}`, or Maestro's `{appId, permissions: {…}}` (only the app under test).
    func setPermissions(_ argument: YAMLNode) -> ScenarioCommand? {
        if let entries = argument.entries, entries.contains(where: { $0.key.scalarText == "permissions" }) {
            guard let map = keyed(argument, in: "setPermissions", keys: ["appId", "permissions"]),
                  let node = map["permissions"] else { return nil }
            if let appId = map["appId"] { _ = text(appId, in: "setPermissions.appId") }
            return permissions(node, in: "setPermissions.permissions", ignoringOthers: true).map(ScenarioCommand.setPermissions)
        }
        if argument.isNull { return expected("a map of services to allow, deny, unset or limited", in: "setPermissions", at: argument) }
        return permissions(argument, in: "setPermissions", ignoringOthers: true).map(ScenarioCommand.setPermissions)
    }

    /// Nothing (Maestro's 50 characters), a count, or `{charactersToErase}`.
    func eraseText(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .eraseText(characters: 50) }
        if argument.entries != nil {
            guard let map = keyed(argument, in: "eraseText", keys: ["charactersToErase"], required: ["charactersToErase"]),
                  let node = map["charactersToErase"] else { return nil }
            return integer(node, in: "eraseText.charactersToErase", range: 0...100_000).map { .eraseText(characters: $0) }
        }
        return integer(argument, in: "eraseText", range: 0...100_000).map { .eraseText(characters: $0) }
    }

    /// One of Maestro's key names (``DeviceKey``), any case, or Maestro's `{key}`.
    func pressKey(_ argument: YAMLNode) -> ScenarioCommand? {
        let names = DeviceKey.allCases.map(\.rawValue)
        var argument = argument
        if argument.entries != nil {
            // Maestro's `{key}` (YamlPressKey).
            guard let map = keyed(argument, in: "pressKey", keys: ["key"], required: ["key"]), let node = map["key"] else { return nil }
            argument = node
        }
        guard let written = text(argument, in: "pressKey") else { return nil }
        guard let key = DeviceKey(rawValue: written.lowercased()) else {
            return fail(argument, "`pressKey`: `\(written)` is none of Maestro's keys (\(names.joined(separator: ", ")))"
                + NameSuggestion.hint(for: written, in: names))
        }
        return .pressKey(key)
    }

    /// A name, or Maestro's `{path}`.
    func takeScreenshot(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.entries != nil {
            guard let map = keyed(argument, in: "takeScreenshot", keys: ["path"], required: ["path"]),
                  let node = map["path"] else { return nil }
            return scriptText(node, in: "takeScreenshot.path").map { .takeScreenshot(name: $0) }
        }
        return scriptText(argument, in: "takeScreenshot").map { .takeScreenshot(name: $0) }
    }

    /// `{latitude, longitude}` in degrees.
    func setLocation(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "setLocation", keys: ["latitude", "longitude"], required: ["latitude", "longitude"]),
              let latitudeNode = map["latitude"], let longitudeNode = map["longitude"] else { return nil }
        let latitude = number(latitudeNode, in: "setLocation.latitude", range: -90...90)
        let longitude = number(longitudeNode, in: "setLocation.longitude", range: -180...180)
        guard let latitude, let longitude else { return nil }
        return .setLocation(latitude: latitude, longitude: longitude)
    }

    /// Maestro's swipes (YamlFluentCommand `swipeCommand`): `{from, direction}` on an element,
    /// `{direction}` across the screen, or `{start, end}` as `"x, y"` in points or `"x%, y%"`;
    /// `duration` and `waitToSettleTimeoutMs` are checked (a settled world takes no time to
    /// drag).
    func swipe(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "swipe", keys: ["from", "direction", "start", "end", "duration", "waitToSettleTimeoutMs"],
                              shape: "{direction}, {from, direction} or {start, end}") else { return nil }
        for key in ["duration", "waitToSettleTimeoutMs"] {
            if let node = map[key], integer(node, in: "swipe.\(key)", range: 0...3_600_000) == nil { return nil }
        }
        if let startNode = map["start"] ?? map["end"] {
            guard let startNode = map["start"], let endNode = map["end"] else {
                return fail(startNode, "`swipe`: give both `start` and `end` (\"x, y\" in points, or \"x%, y%\")")
            }
            guard map["from"] == nil, map["direction"] == nil else {
                return fail(map.node, "`swipe`: give `start` and `end`, or a `direction`, not both")
            }
            guard let start = swipePoint(startNode, key: "start"), let end = swipePoint(endNode, key: "end") else { return nil }
            guard start.unit == end.unit else { return fail(endNode, "`swipe`: write `start` and `end` alike, both in percent or both in points") }
            return .swipeScreen(ScreenDrag(start: start.values, end: end.values, unit: start.unit,
                                           written: "\(start.written) → \(end.written)"))
        }
        guard let directionNode = map["direction"] else { return fail(map.node, "`swipe`: needs a `direction`, or `start` and `end`") }
        guard let direction = swipeDirection(directionNode, in: "swipe.direction") else { return nil }
        guard let fromNode = map["from"] else { return .swipeScreen(.direction(direction)) }
        return elementSelector(fromNode, in: "swipe.from").map { .swipe(from: $0, direction: direction) }
    }

    /// `UP`, `DOWN`, `LEFT` or `RIGHT`, in any case (Maestro reads its directions so).
    func swipeDirection(_ node: YAMLNode, in context: String) -> SwipeDirection? {
        guard let written = text(node, in: context) else { return nil }
        guard let direction = SwipeDirection(rawValue: written.uppercased()) else {
            return fail(node, "`\(context)`: expected \(Self.list(SwipeDirection.allCases.map(\.rawValue))), found `\(written)`")
        }
        return direction
    }

    /// `"x, y"` in points or `"x%, y%"` (each 0–100), as Maestro's coordinate swipes take them.
    private func swipePoint(_ node: YAMLNode, key: String) -> (values: [Double], unit: ScreenDrag.Unit, written: String)? {
        guard let written = text(node, in: "swipe.\(key)") else { return nil }
        let parts = written.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let percent = parts.allSatisfy { $0.hasSuffix("%") }
        let numbers = parts.map { Double(percent ? String($0.dropLast()) : $0) }
        guard parts.count == 2, numbers.allSatisfy({ $0 != nil }), let x = numbers[0], let y = numbers[1], x >= 0, y >= 0,
              !percent || (x <= 100 && y <= 100) else {
            return fail(node, "`swipe.\(key)`: `\(written)` is not a point; write \"x, y\" in points or \"x%, y%\" (\"50%, 90%\")")
        }
        return percent ? ([x / 100, y / 100], .fraction, written) : ([x, y], .points, written)
    }
}

/// Maestro's taps (YamlFluentCommand `tapCommand`, YamlElementSelector's tap keys).
extension ScenarioDecoder {
    /// The keys a tap's map takes besides the selector's.
    static let tapKeys = ["repeat", "delay", "retryTapIfNoChange", "waitUntilVisible", "waitToSettleTimeoutMs", "point"]

    /// `tapOn`, `doubleTapOn` or `longPressOn`: a selector, with Maestro's `repeat` and `delay`
    /// (a `repeat` below 1 is 1; a negative `delay` is the default 100 ms) and `waitUntilVisible`;
    /// its `retryTapIfNoChange` and `waitToSettleTimeoutMs` are checked: a settled world has
    /// nothing to wait for, and on a screen that settles Maestro's iOS driver taps once
    /// (IOSDriver.kt `waitForAppToSettle`, docs/scenarios.md).
    func tap(_ name: ScenarioCommandName, _ argument: YAMLNode) -> ScenarioCommand? {
        let context = name.rawValue
        var selectorNode = argument
        var options = TapOptions(written: name, count: name == .doubleTapOn ? 2 : 1, longPress: name == .longPressOn)
        var plain = name == .tapOn
        // A wrong tap key is reported and the selector still read, so one pass finds both.
        var valid = true
        var point: String?
        var hasPoint = false
        if case .mapping(let entries) = argument.content {
            var rest: [YAMLMappingEntry] = []
            for entry in entries {
                guard let key = entry.key.scalarText, Self.tapKeys.contains(key) else {
                    rest.append(entry)
                    continue
                }
                let keyContext = "\(context).\(key)"
                switch key {
                case "repeat":
                    guard name == .tapOn else {
                        session.sink.report(entry.key.location, "`\(keyContext)`: \(context) taps as it says; `repeat` is tapOn's")
                        valid = false
                        continue
                    }
                    guard let count = integer(entry.value, in: keyContext, range: -1_000...100) else { valid = false; continue }
                    options.count = max(1, count)
                    plain = false
                case "delay":
                    guard let delay = integer(entry.value, in: keyContext, range: -1_000_000...60_000) else { valid = false; continue }
                    if delay >= 0 { options.delay = ScenarioDuration(milliseconds: Int64(delay)) }
                    plain = false
                case "waitToSettleTimeoutMs":
                    if integer(entry.value, in: keyContext, range: 0...3_600_000) == nil { valid = false }
                case "point":
                    // YamlFluentCommand.kt tapCommand: with a point, the tap is at it
                    // (TapOnPointV2Command) and the selector's keys are passed over.
                    hasPoint = true
                    guard let written = scriptText(entry.value, in: keyContext) else { valid = false; continue }
                    if !written.contains("${"), ScreenPoint(written) == nil {
                        session.sink.report(entry.value.location, "`\(keyContext)`: `\(written)` is no point (Maestro: “Invalid point”); "
                            + "write \"x, y\" in points or \"x%, y%\" in whole percentages of the screen (\"50%, 50%\")")
                        valid = false
                        continue
                    }
                    point = written
                case "waitUntilVisible":
                    guard let wait = boolean(entry.value, in: keyContext) else { valid = false; continue }
                    if wait {
                        options.waitUntilVisible = true
                        plain = false
                    }
                default:
                    if boolean(entry.value, in: keyContext) == nil { valid = false }
                }
            }
            selectorNode = YAMLNode(content: .mapping(rest), location: argument.location)
        }
        if hasPoint { return valid ? point.map { .tapOnPoint($0, options) } : nil }
        guard let selector = elementSelector(selectorNode, in: context), valid else { return nil }
        return plain ? .tapOn(selector) : .tapWith(selector, options)
    }
}

extension ScenarioDecoder {
    /// Maestro's `openLink: URL` or `{link, browser, autoVerify}` (YamlOpenLink.kt; `browser` and
    /// `autoVerify` default to false and are checked; Maestro's iOS driver uses neither). The
    /// link is text, its `${…}` worked out when the command runs; one that is no URL with a
    /// scheme is refused then, as `simctl openurl` refuses it.
    func openLink(_ argument: YAMLNode) -> ScenarioCommand? {
        guard argument.entries != nil else { return scriptText(argument, in: "openLink").map(ScenarioCommand.openLink) }
        guard let map = keyed(argument, in: "openLink", keys: ["link", "browser", "autoVerify"], required: ["link"]),
              let node = map["link"] else { return nil }
        for key in ["browser", "autoVerify"] {
            if let flag = map[key], boolean(flag, in: "openLink.\(key)") == nil { return nil }
        }
        return scriptText(node, in: "openLink.link").map(ScenarioCommand.openLink)
    }

    /// Maestro's `action: back | hideKeyboard | scroll | clearKeychain | pasteText`, the same as
    /// those commands (YamlFluentCommand.kt, `action`).
    func action(_ argument: YAMLNode) -> ScenarioCommand? {
        let actions: KeyValuePairs<String, ScenarioCommand> = [
            "back": .back, "hideKeyboard": .hideKeyboard, "scroll": .scroll, "clearKeychain": .clearKeychain, "pasteText": .pasteText,
        ]
        guard let written = text(argument, in: "action") else { return nil }
        guard let command = actions.first(where: { $0.key == written })?.value else {
            return fail(argument, "`action`: expected one of \(actions.map(\.key).joined(separator: ", ")), found `\(written)` "
                + "(Maestro: “Unknown navigation target”)")
        }
        return command
    }

    /// Maestro's `setAirplaneMode: enabled | disabled` or `{value}` (YamlSetAirplaneMode.kt).
    func airplaneMode(_ argument: YAMLNode) -> ScenarioCommand? {
        var node = argument
        if argument.entries != nil {
            guard let map = keyed(argument, in: "setAirplaneMode", keys: ["value"], required: ["value"]), let value = map["value"] else {
                return nil
            }
            node = value
        }
        guard let written = text(node, in: "setAirplaneMode") else { return nil }
        switch written {
        case "enabled": return .setAirplaneMode(on: true)
        case "disabled": return .setAirplaneMode(on: false)
        default:
            return fail(node, "`setAirplaneMode`: expected `enabled` or `disabled`, found `\(written)`"
                + NameSuggestion.hint(for: written, in: ["enabled", "disabled"]))
        }
    }
}

extension ScenarioDecoder {
    /// Maestro's `travel: {points: ["lat, lng", …], speed}` (YamlTravelCommand.kt; YamlFluentCommand
    /// `travelCommand`: each point `latitude, longitude`; speed in metres per second, 4 when missing).
    func travel(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "travel", keys: ["points", "speed"], required: ["points"]),
              let pointsNode = map["points"] else { return nil }
        guard let items = pointsNode.items, !items.isEmpty else { return expected("a list of \"latitude, longitude\" points", in: "travel.points", at: pointsNode) }
        var points: [Coordinate] = []
        for item in items {
            guard let written = text(item, in: "travel.points") else { return nil }
            let parts = written.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
                  (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                return fail(item, "`travel.points`: `\(written)` is not a point; write \"latitude, longitude\" in degrees (\"43.2, -4.8\")")
            }
            points.append(Coordinate(latitude: latitude, longitude: longitude))
        }
        var speed = 4.0
        if let node = map["speed"] {
            guard let value = number(node, in: "travel.speed", range: 0.001...1_000_000) else { return nil }
            speed = value
        }
        return .travel(points: points, speed: speed)
    }
}

extension ScenarioDecoder {
    /// Maestro's `scrollUntilVisible: {element, direction, timeout, speed, visibilityPercentage,
    /// centerElement, waitToSettleTimeoutMs}` (YamlScrollUntilVisible.kt): `direction` DOWN,
    /// `timeout` 20,000 ms and `visibilityPercentage` 100 when missing; as Maestro takes them, a
    /// negative `timeout` is the default (Commands.kt `timeoutToMillis`) and the percentage is
    /// held to 0–100 (YamlFluentCommand.kt `scrollUntilVisibleCommand`); `speed`, `centerElement`
    /// and `waitToSettleTimeoutMs` are checked (docs/scenarios.md).
    func scrollUntilVisible(_ argument: YAMLNode) -> ScenarioCommand? {
        let context = "scrollUntilVisible"
        guard let map = keyed(argument, in: context, keys: ["element", "direction", "timeout", "speed", "visibilityPercentage",
                                                          "centerElement", "waitToSettleTimeoutMs"], required: ["element"]),
              let elementNode = map["element"], let element = elementSelector(elementNode, in: "\(context).element") else { return nil }
        var search = ScrollSearch(element: element)
        if let node = map["direction"] {
            guard let direction = swipeDirection(node, in: "\(context).direction") else { return nil }
            search.direction = direction
        }
        if let node = map["timeout"] {
            guard let milliseconds = integer(node, in: "\(context).timeout", range: Int(Int32.min)...3_600_000) else { return nil }
            if milliseconds >= 0 { search.timeout = ScenarioDuration(milliseconds: Int64(milliseconds)) }
        }
        if let node = map["visibilityPercentage"] {
            guard let percentage = integer(node, in: "\(context).visibilityPercentage", range: Int(Int32.min)...Int(Int32.max)) else {
                return nil
            }
            search.visibilityPercentage = min(max(percentage, 0), 100)
        }
        if let node = map["speed"], integer(node, in: "\(context).speed", range: Int(Int32.min)...Int(Int32.max)) == nil { return nil }
        if let node = map["centerElement"], boolean(node, in: "\(context).centerElement") == nil { return nil }
        if let node = map["waitToSettleTimeoutMs"], integer(node, in: "\(context).waitToSettleTimeoutMs", range: 0...3_600_000) == nil {
            return nil
        }
        return .scrollUntilVisible(search)
    }
}
