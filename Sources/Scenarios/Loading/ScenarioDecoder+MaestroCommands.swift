/// The commands Maestro also has, with its argument shapes.
extension ScenarioDecoder {
    /// The command, or nil when `name` is not one of these or its argument is wrong (reported).
    func maestroCommand(_ name: String, _ argument: YAMLNode) -> ScenarioCommand? {
        switch name {
        case "launchApp": return launchApp(argument)
        case "stopApp": return optionalAppId(argument, in: name).map { .stopApp(appId: $0) }
        case "killApp": return optionalAppId(argument, in: name).map { .killApp(appId: $0) }
        case "clearState": return optionalAppId(argument, in: name).map { .clearState(appId: $0) }
        case "addMedia":
            if argument.isNull { return expected("a list of file paths", in: name, at: argument) }
            let paths = pathList(argument, in: name)
            return paths.count == (argument.items?.count ?? 1) ? .addMedia(paths) : nil
        case "setPermissions": return setPermissions(argument)
        case "tapOn": return elementSelector(argument, in: name).map(ScenarioCommand.tapOn)
        case "inputText": return text(argument, in: name).map(ScenarioCommand.inputText)
        case "eraseText": return eraseText(argument)
        case "pressKey": return pressKey(argument)
        case "assertVisible": return elementSelector(argument, in: name).map(ScenarioCommand.assertVisible)
        case "assertNotVisible": return elementSelector(argument, in: name).map(ScenarioCommand.assertNotVisible)
        case "takeScreenshot": return takeScreenshot(argument)
        case "setLocation": return setLocation(argument)
        case "swipe": return swipe(argument)
        default: return nil
        }
    }

    /// Nothing, an app id, or (Maestro's map form) `{appId}`.
    private func optionalAppId(_ argument: YAMLNode, in context: String) -> String?? {
        if argument.isNull { return .some(nil) }
        if argument.entries != nil {
            guard let map = keyed(argument, in: context, keys: ["appId"]) else { return nil }
            guard let node = map["appId"] else { return .some(nil) }
            return text(node, in: context + ".appId").map { .some($0) }
        }
        return text(argument, in: context).map { .some($0) }
    }

    /// Nothing, an app id, or `{appId, clearState, stopApp, permissions, arguments}`.
    private func launchApp(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .launchApp(LaunchOptions()) }
        if case .scalar = argument.content { return text(argument, in: "launchApp").map { .launchApp(LaunchOptions(appId: $0)) } }
        guard let map = keyed(argument, in: "launchApp", keys: ["appId", "clearState", "stopApp", "permissions", "arguments"],
                              shape: "nothing, an app id, or {appId, clearState, stopApp, permissions, arguments}") else { return nil }
        var options = LaunchOptions()
        var valid = true
        func take<T>(_ value: T?, _ assign: (T) -> Void) { if let value { assign(value) } else { valid = false } }
        if let node = map["appId"] { take(text(node, in: "launchApp.appId")) { options.appId = $0 } }
        if let node = map["clearState"] { take(boolean(node, in: "launchApp.clearState")) { options.clearState = $0 } }
        if let node = map["stopApp"] { take(boolean(node, in: "launchApp.stopApp")) { options.stopApp = $0 } }
        if let node = map["permissions"] { take(permissions(node, in: "launchApp.permissions")) { options.permissions = $0 } }
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
    private func setPermissions(_ argument: YAMLNode) -> ScenarioCommand? {
        if let entries = argument.entries, entries.contains(where: { $0.key.scalarText == "permissions" }) {
            guard let map = keyed(argument, in: "setPermissions", keys: ["appId", "permissions"]),
                  let node = map["permissions"] else { return nil }
            if let appId = map["appId"] { _ = text(appId, in: "setPermissions.appId") }
            return permissions(node, in: "setPermissions.permissions").map(ScenarioCommand.setPermissions)
        }
        if argument.isNull { return expected("a map of services to allow, deny, unset or limited", in: "setPermissions", at: argument) }
        return permissions(argument, in: "setPermissions").map(ScenarioCommand.setPermissions)
    }

    /// Nothing (Maestro's 50 characters), a count, or `{charactersToErase}`.
    private func eraseText(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .eraseText(characters: 50) }
        if argument.entries != nil {
            guard let map = keyed(argument, in: "eraseText", keys: ["charactersToErase"], required: ["charactersToErase"]),
                  let node = map["charactersToErase"] else { return nil }
            return integer(node, in: "eraseText.charactersToErase", range: 0...100_000).map { .eraseText(characters: $0) }
        }
        return integer(argument, in: "eraseText", range: 0...100_000).map { .eraseText(characters: $0) }
    }

    /// `home` or `lock`, any case.
    private func pressKey(_ argument: YAMLNode) -> ScenarioCommand? {
        let names = DeviceKey.allCases.map(\.rawValue)
        guard let written = text(argument, in: "pressKey") else { return nil }
        guard let key = DeviceKey(rawValue: written.lowercased()) else {
            return fail(argument, "`pressKey`: expected \(Self.list(names)), found `\(written)`\(NameSuggestion.hint(for: written, in: names))")
        }
        return .pressKey(key)
    }

    /// A name, or Maestro's `{path}`.
    private func takeScreenshot(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.entries != nil {
            guard let map = keyed(argument, in: "takeScreenshot", keys: ["path"], required: ["path"]),
                  let node = map["path"] else { return nil }
            return text(node, in: "takeScreenshot.path").map { .takeScreenshot(name: $0) }
        }
        return text(argument, in: "takeScreenshot").map { .takeScreenshot(name: $0) }
    }

    /// `{latitude, longitude}` in degrees.
    private func setLocation(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "setLocation", keys: ["latitude", "longitude"], required: ["latitude", "longitude"]),
              let latitudeNode = map["latitude"], let longitudeNode = map["longitude"] else { return nil }
        let latitude = number(latitudeNode, in: "setLocation.latitude", range: -90...90)
        let longitude = number(longitudeNode, in: "setLocation.longitude", range: -180...180)
        guard let latitude, let longitude else { return nil }
        return .setLocation(latitude: latitude, longitude: longitude)
    }

    /// `{from: <element>, direction: LEFT | RIGHT | UP | DOWN}`.
    private func swipe(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "swipe", keys: ["from", "direction"], required: ["from", "direction"]),
              let fromNode = map["from"], let directionNode = map["direction"] else { return nil }
        let from = elementSelector(fromNode, in: "swipe.from")
        let names = SwipeDirection.allCases.map(\.rawValue)
        guard let written = text(directionNode, in: "swipe.direction") else { return nil }
        guard let direction = SwipeDirection(rawValue: written.uppercased()) else {
            return fail(directionNode, "`swipe.direction`: expected \(Self.list(names)), found `\(written)`")
        }
        return from.map { .swipe(from: $0, direction: direction) }
    }
}
