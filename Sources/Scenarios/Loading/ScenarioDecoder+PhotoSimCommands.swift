import Core
import Foundation

/// The arguments of PhotoSim's own commands: platform events, pickers and checks.
extension ScenarioDecoder {
    /// Nothing (none since the last check), or a list of notification names.
    func assertNotifications(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .assertNotifications([]) }
        return textList(argument, in: "assertNotifications").map(ScenarioCommand.assertNotifications)
    }

    /// An index, or `{index}` / `{id}` with an optional `crop: {x, y, size}`.
    func pickPhoto(_ argument: YAMLNode) -> ScenarioCommand? {
        if case .scalar = argument.content, !argument.isNull {
            return assetSelector(argument, in: "pickPhoto", allowMap: false).map { .pickPhoto($0, crop: nil) }
        }
        guard let map = keyed(argument, in: "pickPhoto", keys: ["index", "id", "crop"],
                              shape: "an index, or {index} or {id} with an optional crop: {x, y, size}") else { return nil }
        let selector = assetSelector(in: map, context: "pickPhoto")
        var crop: PhotoCrop?
        if let node = map["crop"] {
            guard let cropMap = keyed(node, in: "pickPhoto.crop", keys: ["x", "y", "size"], required: ["x", "y", "size"]),
                  let x = cropMap["x"].flatMap({ integer($0, in: "pickPhoto.crop.x", range: 0...1_000_000) }),
                  let y = cropMap["y"].flatMap({ integer($0, in: "pickPhoto.crop.y", range: 0...1_000_000) }),
                  let size = cropMap["size"].flatMap({ integer($0, in: "pickPhoto.crop.size", range: 1...1_000_000) })
            else { return nil }
            crop = PhotoCrop(x: x, y: y, size: size)
        }
        return selector.map { .pickPhoto($0, crop: crop) }
    }

    /// Nothing, `{image}`, or `{width, height}`.
    func takePhoto(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .takePhoto(.synthetic(width: nil, height: nil)) }
        guard let map = keyed(argument, in: "takePhoto", keys: ["image", "width", "height"],
                              shape: "nothing, {image} or {width, height}") else { return nil }
        if let image = map["image"] {
            if map.has("width") || map.has("height") {
                return fail(argument, "`takePhoto`: give `image` or `width` and `height`, not both")
            }
            return suitePath(image, in: "takePhoto.image").map { .takePhoto(.image($0)) }
        }
        guard map.has("width") == map.has("height") else {
            return fail(argument, "`takePhoto`: give both `width` and `height`, or neither for the camera's size")
        }
        let width = map["width"].flatMap { integer($0, in: "takePhoto.width", range: 1...20_000) }
        let height = map["height"].flatMap { integer($0, in: "takePhoto.height", range: 1...20_000) }
        if map.has("width"), width == nil || height == nil { return nil }
        return .takePhoto(.synthetic(width: width, height: height))
    }

    /// `{assets, fail}`, each a list of indexes or localIdentifiers.
    func pickerResults(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "pickerResults", keys: ["assets", "fail"], required: ["assets"]),
              let assetsNode = map["assets"] else { return nil }
        let assets = assetList(assetsNode, in: "pickerResults.assets")
        let failing = map["fail"].map { assetList($0, in: "pickerResults.fail") } ?? []
        guard let assets, let failing else { return nil }
        if let stray = failing.first(where: { !assets.contains($0) }) {
            return fail(map["fail"]!, "`pickerResults.fail`: \(stray) is not one of `assets`; an item can only fail if it was picked")
        }
        return .pickerResults(assets: assets, failing: failing)
    }

    /// `none`, or `{screen, style}` (at least one).
    func assertPresented(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.scalarText == "none" { return .assertPresented(nil) }
        guard let map = keyed(argument, in: "assertPresented", keys: ["screen", "style"],
                              shape: "none, or {screen, style}") else { return nil }
        let screen = map["screen"].flatMap { text($0, in: "assertPresented.screen") }
        var style: PresentationStyle?
        if let node = map["style"], let written = text(node, in: "assertPresented.style") {
            let names = PresentationStyle.allCases.map(\.rawValue)
            style = PresentationStyle(rawValue: written)
            if style == nil {
                return fail(node, "`assertPresented.style`: expected \(Self.list(names)), found `\(written)`\(NameSuggestion.hint(for: written, in: names))")
            }
        }
        guard screen != nil || style != nil else {
            return map.has("screen") || map.has("style") ? nil : fail(argument, "`assertPresented`: needs `screen`, `style`, or both (or `none`)")
        }
        return .assertPresented(PresentedExpectation(screen: screen, style: style))
    }

    /// A path, or `{path, jpegQuality, width, height, sameAs, tolerance}`.
    func assertFile(_ argument: YAMLNode) -> ScenarioCommand? {
        if case .scalar = argument.content, !argument.isNull {
            return appPathPattern(argument, in: "assertFile").map { .assertFile(FileExpectation(path: $0)) }
        }
        guard let map = keyed(argument, in: "assertFile", keys: ["path", "jpegQuality", "width", "height", "sameAs", "tolerance"],
                              required: ["path"], shape: "a path, or {path, jpegQuality, width, height, sameAs, tolerance}"),
              let pathNode = map["path"] else { return nil }
        let path = appPathPattern(pathNode, in: "assertFile.path")
        let quality = map["jpegQuality"].map { integer($0, in: "assertFile.jpegQuality", range: 1...100) }
        let width = map["width"].map { integer($0, in: "assertFile.width", range: 1...100_000) }
        let height = map["height"].map { integer($0, in: "assertFile.height", range: 1...100_000) }
        let sameAs = map["sameAs"].map { suitePath($0, in: "assertFile.sameAs") }
        let tolerance = map["tolerance"].map { integer($0, in: "assertFile.tolerance", range: 0...255) }
        guard let path, quality != .some(nil), width != .some(nil), height != .some(nil), sameAs != .some(nil),
              tolerance != .some(nil) else { return nil }
        return .assertFile(FileExpectation(path: path, jpegQuality: quality ?? nil, width: width ?? nil, height: height ?? nil,
                                           sameAs: sameAs ?? nil, tolerance: tolerance ?? nil))
    }

    /// `{folder, names}`: exactly these names.
    func assertFiles(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "assertFiles", keys: ["folder", "names"], required: ["folder", "names"]),
              let folderNode = map["folder"], let namesNode = map["names"] else { return nil }
        let folder = appPath(folderNode, in: "assertFiles.folder")
        let names = namesNode.isNull ? [] : textList(namesNode, in: "assertFiles.names")
        guard let folder, let names else { return nil }
        return .assertFiles(folder: folder, names: names)
    }

    /// `{store, sql, rows}`: rows a list of lists of values.
    func assertQuery(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "assertQuery", keys: ["store", "sql", "rows"], required: ["store", "sql", "rows"]),
              let storeNode = map["store"], let sqlNode = map["sql"], let rowsNode = map["rows"] else { return nil }
        let store = appPath(storeNode, in: "assertQuery.store")
        let sql = text(sqlNode, in: "assertQuery.sql").flatMap { oneStatement($0, at: sqlNode) }
        guard let store, let sql, let rows = queryRows(rowsNode) else { return nil }
        return .assertQuery(store: store, sql: sql, rows: rows)
    }

    /// `sql` when it is one statement (whitespace and comments may follow it), as SQLite reads
    /// it; else nil, after reporting what follows the first statement.
    private func oneStatement(_ sql: String, at node: YAMLNode) -> String? {
        guard let rest = SQLiteDatabase.textAfterFirstStatement(of: sql) else { return sql }
        let first = String(decoding: sql.utf8.dropLast(rest.utf8.count), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return fail(node, "`assertQuery.sql`: holds more than one statement: `\(Self.excerpt(rest))` follows `\(Self.excerpt(first))`; "
            + "assertQuery runs exactly one query, so remove the rest or give each query its own assertQuery")
    }

    /// At most 40 characters of `text`, then `…`.
    private static func excerpt<Text: StringProtocol>(_ text: Text) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : String(text)
    }

    private func queryRows(_ node: YAMLNode) -> [[ScenarioValue]]? {
        if node.isNull { return [] }
        guard let items = node.items else { return expected("a list of rows, each a list of values", in: "assertQuery.rows", at: node) }
        var rows: [[ScenarioValue]] = []
        for item in items {
            guard let cells = item.items else { return expected("a row: a list of values such as [1, Beach]", in: "assertQuery.rows", at: item) }
            let values = cells.compactMap { value($0, in: "assertQuery.rows") }
            guard values.count == cells.count else { return nil }
            rows.append(values)
        }
        return rows
    }

    /// `{key, equals}`.
    func assertPreference(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "assertPreference", keys: ["key", "equals"], required: ["key", "equals"]),
              let keyNode = map["key"], let equalsNode = map["equals"] else { return nil }
        let key = text(keyNode, in: "assertPreference.key")
        guard let key, let value = value(equalsNode, in: "assertPreference.equals") else { return nil }
        return .assertPreference(key: key, equals: value)
    }

    /// `{type}` or `{type, retainedBy}`; a bare text is the type.
    func assertLeak(_ argument: YAMLNode) -> ScenarioCommand? {
        if case .scalar = argument.content { return text(argument, in: "assertLeak").map { .assertLeak(type: $0, retainedBy: nil) } }
        guard let map = keyed(argument, in: "assertLeak", keys: ["type", "retainedBy"], required: ["type"]),
              let typeNode = map["type"], let type = text(typeNode, in: "assertLeak.type") else { return nil }
        guard let retainedNode = map["retainedBy"] else { return .assertLeak(type: type, retainedBy: nil) }
        return text(retainedNode, in: "assertLeak.retainedBy").map { .assertLeak(type: type, retainedBy: $0) }
    }

    /// Nothing, a reason, or `{reason}` (a substring of the crash reason).
    func assertCrashed(_ argument: YAMLNode) -> ScenarioCommand? {
        if argument.isNull { return .assertCrashed(reason: nil) }
        if argument.entries != nil {
            guard let map = keyed(argument, in: "assertCrashed", keys: ["reason"]) else { return nil }
            guard let node = map["reason"] else { return .assertCrashed(reason: nil) }
            return text(node, in: "assertCrashed.reason").map { .assertCrashed(reason: $0) }
        }
        return text(argument, in: "assertCrashed").map { .assertCrashed(reason: $0) }
    }

    /// `{footprintBelow, cacheEmpty}` (at least one).
    func assertMemory(_ argument: YAMLNode) -> ScenarioCommand? {
        guard let map = keyed(argument, in: "assertMemory", keys: ["footprintBelow", "cacheEmpty"]) else { return nil }
        guard map.has("footprintBelow") || map.has("cacheEmpty") else {
            return fail(argument, "`assertMemory`: needs `footprintBelow` (a size such as 300MB), `cacheEmpty`, or both")
        }
        let below = map["footprintBelow"].map { byteSize($0, in: "assertMemory.footprintBelow") }
        let empty = map["cacheEmpty"].map { boolean($0, in: "assertMemory.cacheEmpty") }
        guard below != .some(nil), empty != .some(nil) else { return nil }
        return .assertMemory(footprintBelow: below ?? nil, cacheEmpty: empty ?? nil)
    }

    /// Text, or `{contains, count}`.
    func assertTrace(_ argument: YAMLNode) -> ScenarioCommand? {
        if case .scalar = argument.content, !argument.isNull {
            return text(argument, in: "assertTrace").map { .assertTrace(contains: $0, count: nil) }
        }
        guard let map = keyed(argument, in: "assertTrace", keys: ["contains", "count"], required: ["contains"],
                              shape: "text, or {contains, count}"), let containsNode = map["contains"] else { return nil }
        let contains = text(containsNode, in: "assertTrace.contains")
        let count = map["count"].map { integer($0, in: "assertTrace.count", range: 0...1_000_000) }
        guard let contains, count != .some(nil) else { return nil }
        return .assertTrace(contains: contains, count: count ?? nil)
    }

    /// `{count}`, or a count.
    func assertLibrary(_ argument: YAMLNode) -> ScenarioCommand? {
        if case .scalar = argument.content, !argument.isNull {
            return integer(argument, in: "assertLibrary", range: 0...1_000_000).map { .assertLibrary(count: $0) }
        }
        guard let map = keyed(argument, in: "assertLibrary", keys: ["count"], required: ["count"], shape: "{count}"),
              let node = map["count"] else { return nil }
        return integer(node, in: "assertLibrary.count", range: 0...1_000_000).map { .assertLibrary(count: $0) }
    }
}
