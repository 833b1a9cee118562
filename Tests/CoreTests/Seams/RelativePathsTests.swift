import Core
import Testing

@Suite struct RelativePathsTests {
    @Test(arguments: [
        ("/data/X/Documents/Photo-1.jpg", "Documents/Photo-1.jpg"),
        ("/data//X//Documents/Photo-1.jpg", "Documents/Photo-1.jpg"),
        ("/real/X/Library/Application Support/Locations.sqlite-wal", "Library/Application Support/Locations.sqlite-wal"),
        ("/data/XY/Documents/a", "/data/XY/Documents/a"),
        ("/elsewhere//a", "/elsewhere/a"),
    ])
    func aPathInsideTheFolderIsRelativeHoweverTheFolderIsSpelled(path: String, relative: String) {
        let paths = RelativePaths(root: "/data//X/", resolvedRoot: "/real/X")
        #expect(paths.relative(path) == relative)
    }
}
