import Foundation

struct Note: Codable, Equatable {
    var id: Int
    var title: String
}

/// The notes, kept in Documents/notes.json; note IDs come from UserDefaults and are never reused.
final class NoteStore {
    static let shared = NoteStore()
    static let nextIDKey = "NextNoteID"

    private(set) var notes: [Note] = []

    private var file: URL {
        FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].appendingPathComponent("notes.json")
    }

    init() {
        if let data = try? Data(contentsOf: file), let saved = try? JSONDecoder().decode([Note].self, from: data) {
            notes = saved
        }
    }

    @discardableResult
    func add(title: String) -> Note {
        let defaults = UserDefaults.standard
        let id = max(defaults.integer(forKey: Self.nextIDKey), 1)
        defaults.set(id + 1, forKey: Self.nextIDKey)
        let note = Note(id: id, title: title)
        notes.append(note)
        save()
        return note
    }

    func remove(at index: Int) {
        notes.remove(at: index)
        save()
    }

    func save() {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(notes) else { return }
        try? data.write(to: file, options: .atomic)
    }
}
