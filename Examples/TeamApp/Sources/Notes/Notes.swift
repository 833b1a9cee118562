import Core
import Platform

/// Notes: one note with a photo. "Choose Photo" opens the library picker; the picked photo is
/// saved as `Documents/note-photo` (a JPEG, through Core's `ImageStore`) and shown; "About" opens
/// a screen that goes back with Back.
///
/// Launch argument `leakyAbout: true` makes the About screen observe memory warnings with a
/// strong reference to itself, so it outlives its closing (what a leak check catches).
public enum Notes {
    public static let bundleIdentifier: BundleIdentifier = "com.example.Notes"
    public static let photoUsageDescription = "Notes shows a photo you choose beside the note."
    /// The photo's file, relative to the data container.
    public static let photoPath = "Documents/note-photo"

    public static let definition = AppDefinition(
        bundleIdentifier: bundleIdentifier, displayName: "Notes",
        usageDescriptions: [.photoLibrary: photoUsageDescription],
        checkers: [photoDecodes]
    ) { NotesApp(environment: $0) }

    /// Notes' own rule, run beside the platform's after every launch and at the end of every
    /// scenario: the note's photo, when there is one, is a whole JPEG.
    public static let photoDecodes = AppChecker(
        name: "note-photo-decodes", summary: "Documents/note-photo, when there is one, decodes as a JPEG", coversFiles: true
    ) { context in
        let path = context.containerPath + "/" + photoPath
        guard let data = try? context.fileSystem.contents(of: path) else { return [] }
        do throws(ImageError) {
            _ = try ImageDecoder().decode(data)
            return []
        } catch {
            return ["\(photoPath) does not decode: \(error)"]
        }
    }
}
