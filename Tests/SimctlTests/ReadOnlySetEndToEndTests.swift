import Core
import Foundation
import Testing

/// Reading commands on a device set the user can read but not write, run through the binary as
/// user `nobody` (`setpriv`) against a set root made: the lock is taken on a read-only descriptor,
/// or skipped when its file does not exist and cannot be created.
@Suite("read-only device set, end to end", .enabled(if: UserSwitch.isAvailable))
struct ReadOnlySetEndToEndTests {
    /// Runs simctl on the runner's set as `nobody`, who may read the set but not write it.
    func runAsNobody(_ runner: SimctlRunner, _ arguments: [String]) throws -> SimctlRunner.Result {
        try SimctlRunner.execute(UserSwitch.setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups",
                                                SimctlRunner.simctlPath, "--set", runner.setPath] + arguments)
    }

    /// A set with one booted phone, readable (not writable) by everybody but root.
    func readableSet() throws -> (runner: SimctlRunner, phone: String) {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        #expect(chmod(runner.folder, 0o755) == 0)
        return (runner, phone)
    }

    @Test(arguments: [true, false])
    func mediaListWorks(withLockFile: Bool) throws {
        let (runner, phone) = try readableSet()
        let lockPath = runner.setPath.appendingPathComponent(".lock")
        let before = try runner.run(["media", "list", phone])
        if !withLockFile { try runner.fileSystem.removeItem(at: lockPath) }

        let list = try runAsNobody(runner, ["media", "list", phone])
        #expect(list.exitCode == 0, "\(list)")
        #expect(list.standardOutput == before.standardOutput && list.standardOutput.split(separator: "\n").count == 6)
        let json = try runAsNobody(runner, ["media", "list", "booted", "--json"])
        #expect(json.exitCode == 0, "\(json)")
        #expect(runner.fileSystem.fileExists(at: lockPath) == withLockFile, "nobody created nothing")
    }

    @Test func listWorks() throws {
        let (runner, phone) = try readableSet()
        let list = try runAsNobody(runner, ["list", "devices"])
        #expect(list.exitCode == 0, "\(list)")
        #expect(list.standardOutput.contains("Phone (\(phone)) (Booted)"))
    }

    @Test func addmediaFailsByNameAndChangesNothing() throws {
        let (runner, phone) = try readableSet()
        let photo = try runner.writeJPEG(named: "new.jpg")
        #expect(chmod(photo, 0o644) == 0)
        let add = try runAsNobody(runner, ["addmedia", phone, photo])
        #expect(add.exitCode == 74, "\(add)")
        #expect(add.standardError.contains("Permission denied") || add.standardError.contains("permission denied"), "\(add)")
        #expect(try runner.mediaAssets(phone).count == 6)
    }
}

/// `setpriv`, which runs a command as another user; only root may use it.
enum UserSwitch {
    static let setpriv = "/usr/bin/setpriv"
    static var isAvailable: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv) }
}
