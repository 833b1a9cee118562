import Core

/// The `FileSystem` contract as a reusable check, so every implementation (`POSIXFileSystem`,
/// ``FaultInjectingFileSystem``, a team's own in-memory or spying one) is tested against the
/// same rules. It returns what is wrong instead of asserting, so any test framework can use it.
///
/// Each rule gets a fresh file system from `make` and its own sub-folder of `folder`, so one
/// broken rule does not hide another. The rules are the ones `FileSystem` documents: bytes read
/// back as written, a replace leaves exactly the new bytes and no temporary file (deferred or not,
/// and `synchronize` keeps them), a failed write
/// leaves what was there, removing is idempotent and takes a folder's contents with it, folders
/// are created with their parents and creating one twice is fine, listings are sorted, sizes are
/// exact, `statusOfItem` never follows a final symbolic link, `resolvedPath` is canonical,
/// `contents(ofRegularFile:limitBytes:prefixBytes:)` returns at most the prefix, refuses a file
/// over the limit by its size, and refuses a folder or a FIFO by kind without blocking,
/// `moveItem` never replaces an existing destination, and every failure is a `FileSystemError`
/// naming the path asked about (with a non-zero `errno` when it is `.failed`, never
/// `.simulatedCrash`). What no check inside the process can see, durability after a power cut,
/// is left to the implementation's own tests.
///
/// Checks that need a symbolic link or a FIFO make them with POSIX calls, so they run only when
/// the folder a rule creates through the file system under test appears on the real disk; an
/// in-memory file system is checked on the other rules.
///
/// ```swift
/// import Core
/// import PhotoSimTesting
///
/// let problems = FileSystemContract.violations(of: { MyInMemoryFileSystem() }, in: emptyFolder)
/// #expect(problems.isEmpty, "\(problems)")        // or XCTAssertEqual(problems, [])
/// ```
public enum FileSystemContract {
    /// The broken rules, one line each as `"<rule>: <what happened>"` (empty when every file
    /// system `make` returns keeps the contract).
    /// - Parameters:
    ///   - make: returns a fresh file system; called once per rule.
    ///   - folder: an existing, empty folder the checks may fill; the caller removes it after.
    public static func violations(of make: () -> FileSystem, in folder: String) -> [String] {
        rules.flatMap { rule in
            let probe = FileSystemProbe(fileSystem: make(), folder: folder.appendingPathComponent(rule.folderName))
            if probe.prepareFolder() { rule.check(probe) }
            return probe.violations.map { "\(rule.name): \($0)" }
        }
    }

    /// The names of the rules, in the order they are checked (the prefixes of violations).
    public static var ruleNames: [String] { rules.map(\.name) }

    /// One rule: the name violations carry, the sub-folder it works in and its check.
    struct Rule {
        let name: String
        let folderName: String
        let check: (FileSystemProbe) -> Void
    }

    static var rules: [Rule] { [
        Rule(name: "write and read back", folderName: "write", check: checkWriteAndReadBack),
        Rule(name: "replace is whole", folderName: "replace", check: checkReplaceIsWhole),
        Rule(name: "deferred writes are whole, never replace, and synchronize keeps them", folderName: "deferred", check: checkDeferredWrites),
        Rule(name: "failed write keeps the old contents", folderName: "failed-write", check: checkFailedWriteKeepsOld),
        Rule(name: "remove is idempotent", folderName: "remove", check: checkRemoveIsIdempotent),
        Rule(name: "remove takes a folder's contents", folderName: "remove-folder", check: checkRemoveTakesFolder),
        Rule(name: "missing items are notFound", folderName: "missing", check: checkMissingItemsAreNotFound),
        Rule(name: "createDirectory makes parents and is idempotent", folderName: "create", check: checkCreateDirectory),
        Rule(name: "listing is sorted", folderName: "listing", check: checkListingIsSorted),
        Rule(name: "files and folders are told apart", folderName: "kinds", check: checkFilesAndFoldersDiffer),
        Rule(name: "status does not follow links", folderName: "status", check: checkStatusDoesNotFollowLinks),
        Rule(name: "resolved paths are canonical", folderName: "resolve", check: checkResolvedPath),
        Rule(name: "bounded reads stop at the limit and the prefix", folderName: "bounded", check: checkBoundedReads),
        Rule(name: "special files are refused without blocking", folderName: "special", check: checkSpecialFilesAreRefused),
        Rule(name: "move never replaces", folderName: "move", check: checkMoveNeverReplaces),
        Rule(name: "execute bits are set and cleared", folderName: "executable", check: checkExecutableBits),
    ] }
}
