import Platform

/// LootLogger's launch-argument variants.
struct LootLoggerOptions {
    /// Whether a memory warning empties the image cache (`flushOnMemoryWarning: false` keeps it).
    var flushesOnMemoryWarning = true
    /// The source "Photo Library" opens (`librarySource: savedPhotosAlbum`).
    var librarySource = ImagePickerSourceType.photoLibrary

    init(arguments: [String: String]) {
        flushesOnMemoryWarning = arguments["flushOnMemoryWarning"] != "false"
        if arguments["librarySource"] == "savedPhotosAlbum" { librarySource = .savedPhotosAlbum }
    }
}
