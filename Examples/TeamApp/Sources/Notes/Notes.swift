import Platform

/// Notes: one note with a photo. "Choose Photo" opens the library picker; the picked photo is
/// saved as `Documents/note-photo` (a JPEG, through Core's `ImageStore`) and shown; "About" opens
/// a screen that goes back with Back.
///
/// Launch argument `leakyAbout: true` makes the About screen observe memory warnings with a
/// strong reference to itself, so it outlives its closing (what a leak check catches).
public enum Notes {
    public static let bundleIdentifier = "com.example.Notes"
    public static let photoUsageDescription = "Notes shows a photo you choose beside the note."
    /// The photo's file, relative to the data container.
    public static let photoPath = "Documents/note-photo"

    public static let definition = AppDefinition(
        bundleIdentifier: bundleIdentifier, displayName: "Notes",
        infoPlist: ["NSPhotoLibraryUsageDescription": photoUsageDescription]
    ) { NotesApp(environment: $0) }
}
