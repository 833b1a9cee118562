import Foundation

/// The entries, kept as text files in Documents; the count in UserDefaults.
final class Journal {
    static let shared = Journal()
    static let countKey = "EntryCount"

    private(set) var entries: [String] = []
    /// What the Hog button keeps.
    var hoard: [[UInt8]] = []

    var documents: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
    }

    /// Adds an entry and writes its file; returns why the file could not be written.
    @discardableResult
    func add(_ text: String) -> Error? {
        let number = UserDefaults.standard.integer(forKey: Self.countKey) + 1
        UserDefaults.standard.set(number, forKey: Self.countKey)
        entries.append(text)
        let file = documents.appendingPathComponent("Entry-\(number).txt")
        do {
            try text.write(to: file, atomically: true, encoding: .utf8)
            return nil
        } catch {
            return error
        }
    }

    func remove(at index: Int) {
        entries.remove(at: index)
    }

    /// Enqueues a block that enqueues itself again, forever.
    func flood() {
        DispatchQueue.main.async { self.flood() }
    }

    func save() {
        let file = documents.appendingPathComponent("saved.txt")
        try? entries.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    }
}
