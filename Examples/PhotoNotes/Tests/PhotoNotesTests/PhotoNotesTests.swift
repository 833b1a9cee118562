import Core
import Foundation
import PhotoSimTesting
import Simulator
import Testing

/// PhotoNotes (plain UIKit) launched in its own process, stepped as the simulator steps it.
@Suite struct PhotoNotesTests {
    let folder: TemporaryFolder
    let bundle: AppBundle
    let container: String

    init() throws {
        folder = try TemporaryFolder(prefix: "PhotoNotesTests.")
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("PhotoNotes").path
        let app = try AppBundleMaker.make(at: folder.appending("PhotoNotes.app"), executable: executable,
                                          bundleIdentifier: "com.example.PhotoNotes")
        bundle = try AppBundle.read(at: app, fileSystem: POSIXFileSystem())
        container = folder.appending("Container")
        try RuntimeDevice.makeDataContainer(at: container, fileSystem: POSIXFileSystem())
    }

    private func launch() throws -> LaunchedApp {
        try LaunchedApp.launch(bundle: bundle, container: container, device: .init(name: "iPhone 15", udid: "P"))
    }

    private func tap(_ app: LaunchedApp, where matches: (ElementNode) -> Bool) throws {
        guard let element = app.latest.tree.flattened.first(where: matches) else {
            Issue.record("no such element in \(app.latest.tree.flattened.compactMap(\.label))")
            return
        }
        try app.send(.tap(element: element.id))
    }

    @Test func aNoteAddedThroughTheAlertIsSavedAndReadBackByTheNextProcess() throws {
        let app = try launch()
        try app.tap(label: "Add")
        #expect(app.latest.presented == ["UIAlertController"])
        try tap(app) { $0.placeholder == "Title" }
        try app.send(.inputText("Harbour"))
        try app.tap(label: "Save")
        #expect(app.latest.tree.flattened.contains { $0.kind == "cell" && $0.label == "Harbour, Note 1" })
        let saved = try String(contentsOfFile: container + "/Documents/notes.json", encoding: .utf8)
        #expect(saved == #"[{"id":1,"title":"Harbour"}]"#)
        app.kill()

        let again = try launch()
        #expect(again.latest.tree.flattened.contains { $0.kind == "cell" && $0.label == "Harbour, Note 1" })
        again.kill()
        _ = folder
    }

    @Test func cancelAddsNothing() throws {
        let app = try launch()
        try app.tap(label: "Add")
        try app.tap(label: "Cancel")
        #expect(app.latest.presented.isEmpty)
        #expect(!app.latest.tree.flattened.contains { $0.kind == "cell" })
        #expect(!FileManager.default.fileExists(atPath: container + "/Documents/notes.json"))
        app.kill()
        _ = folder
    }
}
