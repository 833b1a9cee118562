import Foundation
import Testing

/// The module rules of the simulator's rooms, read from the import lines of `Sources/`: a room
/// imports only the rooms (and C libraries) below it, never the `Simulator` umbrella or anything
/// above it; `Core` and `Platform` import no room. A change that reaches sideways into another
/// room fails here with the file and the line, before it grows into a dependency nobody chose.
@Suite struct RoomLayoutTests {
    /// What each target of the ground and of the simulator may import from this package; the
    /// rooms are listed from the ground up (README, "Where things live").
    static let allowed: [String: Set<String>] = [
        "Core": ["CExif", "CGif", "CHeif", "CPNG", "CPNGRows", "CSQLite", "CTurboJPEG"],
        "Platform": ["Core"],
        "World": ["Core"],
        "DeviceStore": ["Core", "Platform", "World"],
        "Faults": ["Core", "World", "CSQLite", "CSQLiteFaultVFS"],
        "AppRuntime": ["Core", "Platform", "World", "DeviceStore", "Faults", "AppChannel"],
        "Rendering": ["Core", "Platform", "World", "DeviceStore", "AppRuntime", "CPNG", "CRendering"],
        "SimctlPresentation": ["Core", "Platform", "World", "DeviceStore"],
        "Simulator": rooms,
        // Above the rooms: scenarios run on the simulator and know no app (apps are given to
        // them); the reference apps know only the ground, as a team's app does.
        "Scenarios": rooms.union(["ArgumentParsing", "CYAML", "Core", "Platform", "Simulator", "AppChannel", "CJavaScriptCore"]),
        "Apps": ["Core", "Platform"],
        "ArgumentParsing": [],
        "PhotoSimTesting": ["Core"],
        // An app process's side: app code sees iOS only through UIKit, and UIKit knows nothing of
        // the simulator but the channel's words.
        "UIKit": ["AppChannel", "CAppWorld", "CMainQueue", "Core", "UniformTypeIdentifiers"],
        "Photos": ["UIKit", "AppChannel", "CoreLocation", "ImageIO"],
        "CoreLocation": ["UIKit", "AppChannel"],
        "ImageIO": [],
        "Social": ["UIKit"],
        "PhotosUI": ["UIKit", "Photos", "AppChannel", "Core", "UniformTypeIdentifiers"],
        "UniformTypeIdentifiers": [],
        "AppChannel": [],
    ]

    /// The simulator's rooms, which the `Simulator` umbrella re-exports.
    static let rooms: Set<String> = ["World", "DeviceStore", "Faults", "AppRuntime", "Rendering", "SimctlPresentation"]

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// One import line of a file: the module it names and where.
    struct Import: Equatable, CustomStringConvertible {
        var module: String
        var file: String
        var line: Int
        var description: String { "\(file):\(line) imports \(module)" }
    }

    /// The modules `text` imports (`import M`, `@testable import M`, `@_exported import M`,
    /// `import struct M.T`), in order.
    static func imports(in text: String, file: String) -> [Import] {
        var found: [Import] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = raw.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let path = words.count >= 3 ? words[2] : words[1]
            let module = String(path.split(separator: ".").first ?? Substring(path))
            found.append(Import(module: module, file: file, line: index + 1))
        }
        return found
    }

    /// The imports of `imports` that break the rules for `target`: a module of this package
    /// (one of `packageModules`) that is not in `allowed[target]`.
    static func violations(of target: String, _ imports: [Import], packageModules: Set<String>) -> [Import] {
        let mayImport = allowed[target] ?? []
        return imports.filter { packageModules.contains($0.module) && !mayImport.contains($0.module) }
    }

    static func packageModules() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: sources.path))
    }

    static func imports(ofTarget target: String) throws -> [Import] {
        let root = sources.appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var found: [Import] = []
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            found += imports(in: text, file: "Sources/\(target)/\(relative)")
        }
        return found.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    @Test(arguments: allowed.keys.sorted())
    func aRoomImportsOnlyWhatIsBelowIt(target: String) throws {
        let imports = try Self.imports(ofTarget: target)
        #expect(!imports.isEmpty || ["ArgumentParsing", "ImageIO"].contains(target),
                "no Swift sources read for \(target) under \(Self.sources.path)")
        let wrong = Self.violations(of: target, imports, packageModules: try Self.packageModules())
        #expect(wrong.isEmpty, "\(target) may import only \(Self.allowed[target]!.sorted()): \(wrong)")
    }

    /// Every room of the umbrella is a target with its own folder, and the umbrella re-exports
    /// each of them (so code above the simulator keeps one import).
    @Test func theUmbrellaExportsEveryRoom() throws {
        let modules = try Self.packageModules()
        let rooms = Self.rooms
        #expect(rooms.isSubset(of: modules))
        let umbrella = try String(contentsOf: Self.sources.appendingPathComponent("Simulator/Simulator.swift"),
                                  encoding: .utf8)
        let exported = Set(umbrella.split(separator: "\n").filter { $0.hasPrefix("@_exported import ") }
            .map { String($0.dropFirst("@_exported import ".count)) })
        #expect(exported == rooms)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.appendingPathComponent("Simulator").path)
        #expect(files == ["Simulator.swift"], "the umbrella holds no code of its own: \(files)")
    }

    /// The rule itself: a sideways import (the device store reaching into the app runtime), an
    /// upward one (a room importing the umbrella) and one in attribute form are each caught;
    /// system modules are not the package's business.
    @Test func sidewaysAndUpwardImportsAreCaught() {
        let text = """
            import Foundation
            import Core
            @testable import AppRuntime
            import Simulator
            import struct Scenarios.ScenarioFile
            import Glibc
            """
        let modules: Set = ["Core", "AppRuntime", "Simulator", "Scenarios", "World"]
        let wrong = Self.violations(of: "DeviceStore", Self.imports(in: text, file: "F.swift"), packageModules: modules)
        #expect(wrong == [Import(module: "AppRuntime", file: "F.swift", line: 3),
                          Import(module: "Simulator", file: "F.swift", line: 4),
                          Import(module: "Scenarios", file: "F.swift", line: 5)])
    }
}
