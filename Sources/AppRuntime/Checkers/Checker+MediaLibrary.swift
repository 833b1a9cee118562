extension Checker {
    /// The media library's rows and files agree: every row's file exists with its size, every
    /// file of `DCIM/100APPLE` has a row, names and the counter are consistent
    /// (``MediaLibrary/checkInvariants()``).
    public static let mediaLibrary = Checker(
        name: "media-library",
        summary: "the media library's database and its DCIM files agree"
    ) { checkup in
        let library = checkup.mediaLibrary
        do {
            return try library.checkInvariants().map { "media library (\(library.mediaFolder)): \($0)" }
        } catch {
            return ["the media library in \(library.mediaFolder) cannot be checked: \(error)"]
        }
    }
}
