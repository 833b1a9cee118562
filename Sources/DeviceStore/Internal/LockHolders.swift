#if canImport(Glibc)
import Glibc
#endif
import Core
import Foundation

/// Who holds a `flock(2)` lock, as Linux lists it in `/proc/locks`, for a waiter's message when
/// the lock file itself names nobody (a shared holder, or a program other than PhotoSim).
///
/// Each line of `/proc/locks` is `<n>: FLOCK  ADVISORY  WRITE <pid> <major>:<minor>:<inode> 0 EOF`
/// (`READ` for a shared lock; a waiter's line has `->` after the number), with the device's
/// major and minor numbers in hex (`lock_get_status` in the kernel's `fs/locks.c`). The holders
/// of one file are the lines whose device and inode are the file's.
///
/// ```swift
/// LockHolders.description(of: descriptor)   // "pid 20039 (flock), exclusively"
/// ```
enum LockHolders {
    /// One process holding the lock.
    struct Holder: Equatable {
        let processIdentifier: Int32
        let isExclusive: Bool
    }

    /// Words for who holds the lock on the file open as `descriptor`: `pid 20039 (flock),
    /// exclusively`, `pid 11 (simctl) and pid 12 (simctl), shared`; `nil` when nobody is listed.
    static func description(of descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0,
              let table = procText("/proc/locks") else { return nil }
        let found = holders(in: table, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        return describe(found, programName: programName(of:))
    }

    /// The `FLOCK` holders of the file with `device` and `inode` in a `/proc/locks` text, by pid.
    static func holders(in table: String, device: UInt64, inode: UInt64) -> [Holder] {
        let wanted = "\(String(major(device), radix: 16)):\(String(minor(device), radix: 16)):\(inode)"
        var found: [Holder] = []
        for line in table.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 6, fields[1] == "FLOCK", let pid = Int32(fields[4]),
                  sameFile(String(fields[5]), wanted) else { continue }
            found.append(Holder(processIdentifier: pid, isExclusive: fields[3] == "WRITE"))
        }
        return found.sorted { $0.processIdentifier < $1.processIdentifier }
    }

    /// The holders in words, each pid with its program's name when known.
    static func describe(_ holders: [Holder], programName: (Int32) -> String?) -> String? {
        guard !holders.isEmpty else { return nil }
        let shown = holders.prefix(4).map { holder in
            "pid \(holder.processIdentifier)" + (programName(holder.processIdentifier).map { " (\($0))" } ?? "")
        }
        var who = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown[shown.count - 1]
        if holders.count > shown.count { who += " and \(holders.count - shown.count) more" }
        return who + (holders.contains(where: \.isExclusive) ? ", exclusively" : ", shared")
    }

    /// `/proc/<pid>/comm`: the program's name, without control characters; `nil` when unreadable.
    static func programName(of processIdentifier: Int32) -> String? {
        guard let text = procText("/proc/\(processIdentifier)/comm") else { return nil }
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty ? nil : VisibleText.escaped(name)
    }

    /// A `/proc` file's text, read to its end (they report no size, so Foundation reads nothing).
    private static func procText(_ path: String) -> String? {
        (try? POSIXFileSystem().contents(of: path)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Device fields compare as numbers: the kernel pads major and minor to two hex digits.
    private static func sameFile(_ field: String, _ wanted: String) -> Bool {
        let parts = field.split(separator: ":"), wantedParts = wanted.split(separator: ":")
        guard parts.count == 3, wantedParts.count == 3 else { return false }
        return UInt64(parts[0], radix: 16) == UInt64(wantedParts[0], radix: 16)
            && UInt64(parts[1], radix: 16) == UInt64(wantedParts[1], radix: 16) && parts[2] == wantedParts[2]
    }

    /// glibc's `gnu_dev_major` / `gnu_dev_minor` for a `st_dev`.
    private static func major(_ device: UInt64) -> UInt64 { ((device >> 8) & 0xfff) | ((device >> 32) & ~UInt64(0xfff)) }
    private static func minor(_ device: UInt64) -> UInt64 { (device & 0xff) | ((device >> 12) & ~UInt64(0xff)) }
}
