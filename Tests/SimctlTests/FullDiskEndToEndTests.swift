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

extension FullDiskEndToEndTests {
    /// A script that makes a device on a 2 MB tmpfs, fills the disk to the last block, then runs `steps`
    /// (`$S` is simctl with the set, `$udid` the device, `$disk` the tmpfs; `id NAME` prints a photo's identifier).
    func fullDiskScript(_ runner: SimctlRunner, _ steps: String) throws -> String {
        let disk = runner.folder.appendingPathComponent("small")
        try runner.fileSystem.createDirectory(at: disk)
        return """
            set -e
            disk='\(disk)'
            mount -t tmpfs -o size=2m none "$disk"
            S="'\(SimctlRunner.simctlPath)' --set $disk/set"
            udid=$(eval $S create Phone "'iPhone 15'")
            eval $S boot "$udid"
            id() { eval $S media list "$udid" | grep " DCIM/100APPLE/$1 " | cut -d' ' -f2; }
            dd if=/dev/zero of="$disk/fill" bs=1k status=none 2>/dev/null || true
            try() { status=0; eval $S "$@" || status=$?; echo "exit $status"; }
            \(steps)
            """
    }

    @Test func onAFullDiskListingNeedsNoRoomRemovingMakesRoomAndAFailedCreateLeavesNothing() throws {
        let runner = try SimctlRunner()
        let script = try fullDiskScript(runner, """
            big=$(id IMG_0006.JPG); tiles=$(id IMG_0004.JPG)
            echo "free $(df -k --output=avail "$disk" | tail -1 | tr -d ' ')"
            try media list "$udid"
            try media remove "$udid" "$big" "$tiles"
            try create Other "'iPhone 15'"
            echo "devices $(ls "$disk/set" | grep -c -- -)"
            echo "--- after"
            eval $S media list "$udid"
            """)
        let result = try SimctlRunner.execute(MountNamespace.unshare, ["-m", "--propagation", "private", "sh", "-c", script])
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "free 0", "\(result)")
        #expect(lines.filter { $0.hasPrefix("exit ") } == ["exit 0", "exit 0", "exit 74"], "\(result)")
        let after = try #require(lines.firstIndex(of: "--- after"), "\(result)")
        #expect(lines[..<after].filter { $0.contains("/L0/001 ") }.count == 6, "the full disk's list: \(result)")
        // Where the create runs out depends on the room the remove made; each way names the full disk.
        #expect(result.standardError.hasPrefix("No space left on device while writing ")
                || result.standardError.hasPrefix("The disk is full: writing "), "\(result)")
        #expect(lines.contains("devices 1"), "the failed create left a folder: \(result)")
        let remaining = lines[after...].filter { $0.contains("/L0/001 ") }
        #expect(remaining.count == 4 && !remaining.contains { $0.contains("IMG_0006") || $0.contains("[missing]") }, "\(result)")
    }

    @Test func aRemoveThatFreesTooLittleSaysSoAndFinishesOnceThereIsRoom() throws {
        let runner = try SimctlRunner()
        let script = try fullDiskScript(runner, """
            sky=$(id IMG_0001.JPG)
            try media remove "$udid" "$sky"
            eval $S media list "$udid" | grep IMG_0001 || true
            rm -f "$disk/fill"
            try media remove "$udid" "$sky"
            echo "left $(eval $S media list "$udid" | wc -l)"
            """)
        let result = try SimctlRunner.execute(MountNamespace.unshare, ["-m", "--propagation", "private", "sh", "-c", script])
        #expect(result.exitCode == 0, "\(result)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("exit ") } == ["exit 74", "exit 0"], "\(result)")
        #expect(result.standardError.hasPrefix("The disk is full: the photo's file was removed to make room, but even then its row"),
                "\(result)")
        #expect(lines.contains { $0.hasSuffix(" DCIM/100APPLE/IMG_0001.JPG 640x480 2024-05-01T09:00:00Z Sky.jpg [missing]") }, "\(result)")
        #expect(lines.last == "left 5", "\(result)")
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
