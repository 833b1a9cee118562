import Core
import Foundation
import Simulator

/// What the file, store and preference assertions need: the app's container and a way to let
/// the app finish what it is doing before looking (the host's `settle()`, an app process's
/// settled step).
protocol ContainerAsserting: AnyObject {
    var scenario: Scenario { get }
    var world: World { get }
    var fileSystem: FileSystem { get }
    /// The app's data container.
    var containerFolder: String { get }
    /// `assertFile`'s `sameAs` tolerance when the file gives none.
    var defaultTolerance: Int { get }
    /// Lets the app run what it has pending, so that what it wrote is there.
    func settleBeforeLooking() throws
}

extension ContainerAsserting {
    /// `deleteFile`: a file of the app's container removed behind the app's back.
    func deleteFile(_ path: AppPath) throws {
        let full = containerFolder.appendingPathComponent(path.path)
        guard fileSystem.fileExists(at: full) else {
            throw StepFailure("deleteFile: there is no \(path) in the app's container; list it with assertFiles")
        }
        try fileSystem.removeItem(at: full)
        world.trace.record(.fileDeletedBehindApp(path: path.path))
    }

    /// Copies a suite folder into the app's data container (files replace what is there).
    func copyContainer(from folder: SuiteFilePath) throws(StepFailure) {
        do {
            try copyTree(from: folder.path, to: containerFolder)
        } catch let failure as StepFailure {
            throw StepFailure("could not copy \(folder.relativePath) into the app's container: \(failure.message)")
        } catch {
            throw StepFailure("could not copy \(folder.relativePath) into the app's container: \(error)")
        }
    }

    private func copyTree(from source: String, to destination: String) throws {
        try fileSystem.createDirectory(at: destination)
        for name in try fileSystem.contentsOfDirectory(at: source) {
            let from = source.appendingPathComponent(name), to = destination.appendingPathComponent(name)
            switch try fileSystem.statusOfItem(at: from)?.kind {
            case .directory: try copyTree(from: from, to: to)
            case .regularFile: try fileSystem.writeAtomically(try fileSystem.contents(of: from), to: to)
            case let kind?: throw StepFailure("\(from) is a \(kind.rawValue); a container fixture holds only regular files and folders")
            case nil: continue
            }
        }
    }
}

extension ScenarioSession: ContainerAsserting {
    var containerFolder: String { device.containerPath }
    func settleBeforeLooking() throws { try host.settle() }
}

/// Assertions on the app's data container: files and images, folders, SQLite stores and
/// preferences, read as they are on disk.
extension ContainerAsserting {
    func containerPath(_ path: AppPath) -> String {
        containerFolder.appendingPathComponent(path.path)
    }

    /// The file exists (a pattern: exactly one file matches) and, when asked, decodes with that
    /// JPEG quality, size, or pixels.
    func assertFile(_ written: FileExpectation) throws {
        try settleBeforeLooking()
        let expectation = try resolvingPattern(written)
        let path = containerPath(expectation.path)
        guard fileSystem.fileExists(at: path) else {
            throw StepFailure.mismatch("\(expectation.path)", expected: "a file", actual: "nothing there (\(listing(of: expectation.path)))")
        }
        let data = try fileSystem.contents(of: path)
        if let quality = expectation.jpegQuality {
            guard let estimate = JPEGQualityEstimate.estimate(data) else {
                throw StepFailure.mismatch("\(expectation.path)", expected: "a JPEG at quality \(quality)",
                                           actual: "no JPEG quantization table")
            }
            guard estimate.quality == quality else {
                throw StepFailure.mismatch("JPEG quality of \(expectation.path)", expected: "\(quality)",
                                           actual: "\(estimate.quality)" + (estimate.isExact ? "" : " (nearest libjpeg table)"))
            }
        }
        guard expectation.width != nil || expectation.height != nil || expectation.sameAs != nil else { return }
        let image: Bitmap
        do {
            image = try ImageDecoder().decode(data)
        } catch {
            throw StepFailure.mismatch("\(expectation.path)", expected: "an image", actual: "\(error)")
        }
        let size = "\(image.width)x\(image.height)"
        if let width = expectation.width, image.width != width {
            throw StepFailure.mismatch("width of \(expectation.path)", expected: "\(width)", actual: size)
        }
        if let height = expectation.height, image.height != height {
            throw StepFailure.mismatch("height of \(expectation.path)", expected: "\(height)", actual: size)
        }
        if let reference = expectation.sameAs {
            try compare(image, named: expectation.path, with: reference, tolerance: expectation.tolerance ?? defaultTolerance)
        }
    }

    private func compare(_ image: Bitmap, named path: AppPath, with file: SuiteFilePath, tolerance: Int) throws {
        let reference = try ImageDecoder().decode(try fileSystem.contents(of: file.path))
        guard reference.width == image.width, reference.height == image.height else {
            throw StepFailure.mismatch("\(path) against \(file)", expected: "\(reference.width)x\(reference.height)",
                                       actual: "\(image.width)x\(image.height)")
        }
        let comparison = PixelComparison(image, reference, tolerance: tolerance)
        guard let first = comparison.firstDifference else { return }
        throw StepFailure.mismatch("pixels of \(path) against \(file)", expected: "every channel within \(tolerance)",
                                   actual: "\(comparison.differingPixels) pixels differ, the first at (\(first.x), \(first.y)), "
                                       + "by up to \(comparison.largestDifference)")
    }

    func assertNoFile(_ path: AppPath) throws {
        try settleBeforeLooking()
        if path.isPattern {
            let found = try matches(of: path)
            guard found.isEmpty else {
                throw StepFailure.mismatch("files matching \(path)", expected: "none", actual: found.joined(separator: ", "))
            }
            return
        }
        guard fileSystem.fileExists(at: containerPath(path)) else { return }
        throw StepFailure.mismatch("\(path)", expected: "no file", actual: "a file of \((try? fileSystem.sizeOfItem(at: containerPath(path))) ?? 0) bytes")
    }

    /// Exactly these names in the folder (a missing folder holds none).
    func assertFiles(in folder: AppPath, names: [String]) throws {
        try settleBeforeLooking()
        let path = containerPath(folder)
        let actual = fileSystem.fileExists(at: path) ? try fileSystem.contentsOfDirectory(at: path) : []
        guard actual == names.sorted() else {
            throw StepFailure.mismatch("files in \(folder)", expected: names.sorted().description, actual: actual.description)
        }
    }

    /// The expectation on the one file its pattern matches; unchanged for a plain path.
    private func resolvingPattern(_ expectation: FileExpectation) throws -> FileExpectation {
        guard expectation.path.isPattern else { return expectation }
        let found = try matches(of: expectation.path)
        guard found.count == 1 else {
            throw StepFailure.mismatch("files matching \(expectation.path)", expected: "exactly one",
                                       actual: found.isEmpty ? "none (\(listing(of: expectation.path)))" : found.joined(separator: ", "))
        }
        return FileExpectation(path: expectation.path.sibling(found[0]), jpegQuality: expectation.jpegQuality,
                               width: expectation.width, height: expectation.height, sameAs: expectation.sameAs,
                               tolerance: expectation.tolerance)
    }

    /// The names in the pattern's folder that match it, sorted (a missing folder holds none).
    private func matches(of pattern: AppPath) throws -> [String] {
        let folder = pattern.folder.isEmpty ? containerFolder : containerFolder.appendingPathComponent(pattern.folder)
        guard fileSystem.fileExists(at: folder) else { return [] }
        return try fileSystem.contentsOfDirectory(at: folder).filter(pattern.nameMatches).sorted()
    }

    private func listing(of path: AppPath) -> String {
        let folder = containerPath(path).deletingLastPathComponent
        let names = (try? fileSystem.contentsOfDirectory(at: folder)) ?? []
        return names.isEmpty ? "the folder is empty or missing" : "the folder holds " + names.joined(separator: ", ")
    }

    /// A read-only query on one of the app's stores returns exactly `rows`.
    func assertQuery(store: AppPath, sql: String, rows expected: [[ScenarioValue]]) throws {
        try settleBeforeLooking()
        let path = containerPath(store)
        guard fileSystem.fileExists(at: path) else {
            throw StepFailure.mismatch("store \(store)", expected: "an SQLite file", actual: "nothing there (\(listing(of: store)))")
        }
        if let rest = SQLiteDatabase.textAfterFirstStatement(of: sql) {
            throw StepFailure("assertQuery on \(store): the SQL holds a second statement (`\(rest)`); give each query its own assertQuery")
        }
        let (rows, hasMore) = try boundedRows(of: sql, in: store, at: path, expecting: expected.count)
        let matches = !hasMore && rows.count == expected.count && zip(rows, expected).allSatisfy { row, wanted in
            row.count == wanted.count && zip(row, wanted).allSatisfy(Self.equal)
        }
        guard matches else {
            throw StepFailure.mismatch("rows of “\(sql)”", expected: Self.render(expected),
                                       actual: Self.render(rows.map { $0.map(Self.scenarioValue) }, more: hasMore))
        }
    }

    /// The query's rows on a read-only connection, within ``QueryBounds``: at most
    /// ``QueryBounds/extraRows`` past the `expecting` ones, and no more SQLite steps than
    /// ``QueryBounds/maximumSteps``, past which the step fails saying so.
    private func boundedRows(of sql: String, in store: AppPath, at path: String,
                             expecting count: Int) throws(StepFailure) -> (rows: [[SQLiteValue]], hasMore: Bool) {
        do {
            var options = SQLiteOpenOptions(access: .readOnly)
            options.maximumStepsPerStatement = QueryBounds.maximumSteps
            let database = try SQLiteDatabase(path: path, options: options)
            defer { database.close() }
            return try database.firstRows(sql, limit: count + QueryBounds.extraRows)
        } catch where error.kind == .workLimitReached {
            throw StepFailure("assertQuery on \(store) stopped: “\(sql)” ran past \(QueryBounds.grouped(QueryBounds.maximumSteps)) SQLite steps, "
                + "the bound on one query's work (about a second), without finishing; a recursive query needs a condition "
                + "that ends it (WHERE n < 10) or a LIMIT")
        } catch {
            throw StepFailure("assertQuery on \(store) failed: \(error); check the SQL against the store's tables")
        }
    }

    private static func equal(_ value: SQLiteValue, _ expected: ScenarioValue) -> Bool {
        switch (value, expected) {
        case (.null, .null): return true
        case (.integer(let a), .integer(let b)): return a == b
        case (.integer(let a), .boolean(let b)): return a == (b ? 1 : 0)
        case (.integer(let a), .real(let b)): return Double(a) == b
        case (.real(let a), .real(let b)): return a == b
        case (.real(let a), .integer(let b)): return a == Double(b)
        case (.text(let a), .text(let b)): return a == b
        default: return false
        }
    }

    private static func scenarioValue(_ value: SQLiteValue) -> ScenarioValue {
        switch value {
        case .null: return .null
        case .integer(let number): return .integer(number)
        case .real(let number): return .real(number)
        case .text(let text): return .text(text)
        case .blob(let data): return .text("<blob of \(data.count) bytes>")
        }
    }

    /// `[[1, Beach], [2, Bar]]`; with `more`, `, …` before the closing bracket.
    private static func render(_ rows: [[ScenarioValue]], more: Bool = false) -> String {
        "[" + rows.map { "[" + $0.map(\.description).joined(separator: ", ") + "]" }.joined(separator: ", ")
            + (more ? ", …]" : "]")
    }

    /// The key's value in the app's preferences file on disk.
    func assertPreference(key: String, equals expected: ScenarioValue) throws {
        try settleBeforeLooking()
        let preferences = try Preferences(containerPath: containerFolder, bundleIdentifier: scenario.header.appId,
                                          fileSystem: fileSystem)
        let value = try preferences.value(forKey: key)
        let matches: Bool
        switch (value, expected) {
        case (nil, .null): matches = true
        case (.integer(let a)?, .integer(let b)): matches = Int64(a) == b
        case (.real(let a)?, .real(let b)): matches = a == b
        case (.bool(let a)?, .boolean(let b)): matches = a == b
        case (.string(let a)?, .text(let b)): matches = a == b
        default: matches = false
        }
        guard matches else {
            throw StepFailure.mismatch("preference \(key)", expected: expected.description,
                                       actual: value.map { "\($0)" } ?? "no value")
        }
    }
}
