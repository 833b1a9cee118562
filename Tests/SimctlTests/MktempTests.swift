import CMktemp
import Foundation
import PhotoSimTesting
import Testing

/// The executables' own mktemp(3): a new name from the template, nothing left behind.
@Suite struct MktempTests {
    @Test func aNameIsNewKeepsThePrefixAndNothingIsCreated() throws {
        let folder = try TemporaryFolder(prefix: "MktempTests.")
        var names: Set<String> = []
        for _ in 0..<20 {
            var template = Array((folder.path + "/.data.XXXXXX").utf8CString)
            let made = template.withUnsafeMutableBufferPointer { String(cString: mktemp($0.baseAddress!)) }
            #expect(made.hasPrefix(folder.path + "/.data.") && made.count == folder.path.count + 13, "\(made)")
            #expect(!made.hasSuffix("XXXXXX"))
            #expect(!FileManager.default.fileExists(atPath: made), "mktemp only names a file")
            names.insert(made)
        }
        #expect(names.count == 20)
        try Data([1]).write(to: URL(fileURLWithPath: folder.appending("atomic")), options: .atomic)   // Foundation's own use
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["atomic"])
    }

    @Test func aFolderThatIsNotThereGivesAnEmptyNameAndErrno() {
        var template = Array("/no/such/folder/x.XXXXXX".utf8CString)
        errno = 0
        let made = template.withUnsafeMutableBufferPointer { String(cString: mktemp($0.baseAddress!)) }
        #expect(made.isEmpty)
        #expect(errno == ENOENT)
    }
}
