@testable import Core
import Foundation
import PhotoSimTesting
import Testing

/// libheif is opened on the first HEIC (`dlopen`), and a library that cannot be opened is a typed
/// error naming it, the loader's reason and the package, never a crash.
@Suite struct HEIFLibraryTests {
    @Test func aLibraryThatIsNotThereIsAnErrorSayingWhyAndWhatToInstall() throws {
        guard case .failure(let error) = HEIFLibrary.load("libheif-not-installed.so.1") else {
            Issue.record("a library that does not exist loaded")
            return
        }
        guard case .decoderUnavailable(let format, let library, let reason, let package) = error else {
            Issue.record("not decoderUnavailable: \(error)")
            return
        }
        #expect(format == "HEIC" && library == "libheif-not-installed.so.1" && package == "libheif1")
        // dlerror's own words.
        #expect(reason == "libheif-not-installed.so.1: cannot open shared object file: No such file or directory")
        #expect(error.description == "cannot read HEIC images: libheif-not-installed.so.1 could not be loaded ("
            + reason + "); install the Debian package libheif1 (apt-get install libheif1)")
    }

    @Test func aFileThatIsNotALibraryIsAnErrorNamingIt() throws {
        let folder = try TemporaryFolder(prefix: "HEIFLibraryTests.")
        let path = folder.appending("libheif.so.1")
        try POSIXFileSystem().writeAtomically(Data("not an ELF file".utf8), to: path)
        guard case .failure(.decoderUnavailable(_, let library, let reason, _)) = HEIFLibrary.load(path) else {
            Issue.record("a text file loaded as libheif")
            return
        }
        #expect(library == path)
        #expect(reason.hasPrefix(path + ": "), "\(reason)")
    }

    /// A library with none of libheif's functions is refused naming the first one missing.
    @Test func aLibraryWithoutLibheifsFunctionsIsRefusedNamingOne() throws {
        guard case .failure(.decoderUnavailable(_, _, let reason, _)) = HEIFLibrary.load("libturbojpeg.so.0") else {
            Issue.record("libturbojpeg loaded as libheif")
            return
        }
        #expect(reason.hasPrefix("libturbojpeg.so.0 has no function heif_init ("), "\(reason)")
    }

    /// The process's own load succeeds on this machine (libheif1 is installed with libheif-dev),
    /// and failed loads of other files leave it working.
    @Test func theInstalledLibraryLoadsAndKeepsDecodingAfterFailedLoads() throws {
        #expect(HEIFLibrary.fileName == "libheif.so.1")
        _ = HEIFLibrary.load("libheif-not-installed.so.1")
        try HEIFLibrary.availability.get()
        try HEIFLibrary.load(HEIFLibrary.fileName).get()
        let bitmap = try ImageDecoder().decode(try Fixtures.data("photo_tiny.heic"))
        #expect(bitmap.width == 160 && bitmap.height == 120)
    }
}
