import Core
import Foundation
import Testing

/// `addmedia` on a device set whose disk fills up, through the binary: the set lives on a 2 MB
/// tmpfs mounted in a private mount namespace (`unshare -m`, root only), filled to a few KB
/// below full before each import. Whether the photo file or the database's write is the one
/// that fails depends on how many KB are left; either way the failure is named, and nothing is
/// added or left behind.
@Suite("full disk, end to end", .enabled(if: MountNamespace.isAvailable))
struct FullDiskEndToEndTests {
    @Test func aFullDiskDuringAnImportIsNamedAndAddsNothing() throws {
        let runner = try SimctlRunner()
        let photo = try runner.writeJPEG(named: "photo.jpg", width: 64, height: 48)
        let disk = runner.folder.appendingPathComponent("small")
        try runner.fileSystem.createDirectory(at: disk)
        let set = disk.appendingPathComponent("set")
        let leftKilobytes = [40, 24, 16, 12, 8]
        let script = """
            set -e
            mount -t tmpfs -o size=2m none '\(disk)'
            udid=$('\(SimctlRunner.simctlPath)' --set '\(set)' create Phone 'iPhone 15')
            '\(SimctlRunner.simctlPath)' --set '\(set)' boot "$udid"
            for left in \(leftKilobytes.map(String.init).joined(separator: " ")); do
              rm -f '\(disk)/fill'
              available=$(df -k --output=avail '\(disk)' | tail -1)
              dd if=/dev/zero of='\(disk)/fill' bs=1k count=$((available - left)) status=none
              status=0; '\(SimctlRunner.simctlPath)' --set '\(set)' addmedia "$udid" '\(photo)' 2>&1 || status=$?
              echo "exit $status files $(ls "\(set)/$udid/data/Media/DCIM/100APPLE" | wc -l)"
            done
            rm -f '\(disk)/fill'
            '\(SimctlRunner.simctlPath)' --set '\(set)' media list "$udid" | wc -l
            """
        let result = try SimctlRunner.execute(MountNamespace.unshare, ["-m", "--propagation", "private", "sh", "-c", script])
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let failures = lines.filter { $0.hasPrefix("The disk is full: writing ") }
        #expect(failures.count == leftKilobytes.count, "\(result)")
        #expect(failures.allSatisfy { $0.contains("/DCIM/100APPLE/IMG_0007.JPG failed") || $0.contains("/PhotoData/Photos.sqlite failed") })
        #expect(failures.contains { $0.contains("/PhotoData/Photos.sqlite failed") }, "a database write ran out of space: \(failures)")
        #expect(failures.allSatisfy { $0.hasSuffix("No photo was added or removed; free some space on that disk and try again.") })
        #expect(!result.standardOutput.contains("as it was"))
        #expect(lines.filter { $0.hasPrefix("exit ") } == Array(repeating: "exit 74 files 6", count: leftKilobytes.count))
        #expect(lines.last?.trimmingCharacters(in: .whitespaces) == "6", "the stock photos only: \(result)")
    }
}

/// `unshare`, which gives a command its own mount namespace so it may mount a tmpfs: root only,
/// and only where the container allows it (tried once).
enum MountNamespace {
    static let unshare = "/usr/bin/unshare"
    static let isAvailable: Bool = {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare) else { return false }
        let probe = try? SimctlRunner.execute(unshare, ["-m", "--propagation", "private", "true"])
        return probe?.exitCode == 0
    }()
}
