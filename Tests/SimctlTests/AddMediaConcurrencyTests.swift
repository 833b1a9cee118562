import Foundation
import Testing

/// `simctl addmedia` from several processes at once, and killed half-way: nothing lost,
/// nothing half-added, no camera-roll name or identifier handed out twice.
@Suite("addmedia across processes")
struct AddMediaConcurrencyTests {
    @Test func twoConcurrentImportsLoseNothing() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let stock = try runner.mediaAssets(phone).count
        let batches = try (0..<2).map { batch in
            try (0..<15).map { index in try runner.writeJPEG(named: "b\(batch)-\(index).jpg", shade: UInt8(10 * index)) }
        }

        let processes = try batches.map { paths in try runner.start(["addmedia", phone] + paths) }
        for process in processes { try SimctlRunner.waitForExit(process, timeout: 120) }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })

        let assets = try runner.mediaAssets(phone)
        #expect(assets.count == stock + 30)
        let names = assets.compactMap { $0["fileName"] as? String }
        let identifiers = assets.compactMap { $0["localIdentifier"] as? String }
        #expect(Set(names).count == assets.count, "a camera-roll name repeats: \(names.sorted())")
        #expect(Set(identifiers).count == assets.count, "a local identifier repeats")
        let originals = Set(assets.compactMap { $0["originalFilename"] as? String })
        #expect(batches.joined().allSatisfy { originals.contains($0.lastPathComponent) })
    }

    /// Silent on success, as Apple's: the progress line is only for a terminal, and here
    /// standard error is a pipe.
    @Test func anImportOfSeveralPhotosPrintsNothingWhenStandardErrorIsNotATerminal() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let paths = try (0..<3).map { index in try runner.writeJPEG(named: "quiet-\(index).jpg", shade: UInt8(40 * index)) }
        let add = try runner.run(["addmedia", phone] + paths)
        #expect(add.exitCode == 0 && add.standardOutput.isEmpty && add.standardError.isEmpty, "\(add)")
    }

    @Test func killedImportIsAllOrNothing() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let stock = try runner.mediaAssets(phone).count
        let paths = try (0..<300).map { index in try runner.writeJPEG(named: "many-\(index).jpg", shade: UInt8(index % 250)) }
        let cameraRoll = runner.setPath.appendingPathComponent("\(phone)/data/Media/DCIM/100APPLE")

        let process = try runner.start(["addmedia", phone] + paths)
        // Kill it as soon as its first photo file appears: 300 photos, each written with fsync,
        // take far longer than one 1 ms poll on any disk, so the kill lands mid-way however fast
        // or slow the disk is (a slow disk only makes the wait longer, up to the generous bound).
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline,
              (try? FileManager.default.contentsOfDirectory(atPath: cameraRoll).count) ?? 0 <= stock {
            usleep(1_000)
        }
        kill(process.processIdentifier, SIGKILL)
        try SimctlRunner.waitForExit(process, timeout: 60)
        #expect(process.terminationReason == .uncaughtSignal, "the import finished before it could be killed")

        let assets = try runner.mediaAssets(phone)
        #expect(assets.count == stock || assets.count == stock + 300, "partial import: \(assets.count - stock) of 300")
        // Listing is a reading command: the killed import's files are still where it left them.
        let leftNames = try FileManager.default.contentsOfDirectory(atPath: cameraRoll)
        // Whole photos; a temporary file of the write the kill cut short (`.IMG_0007.JPG.x7Kq2Z`) is deleted, not kept.
        let left = leftNames.filter { !$0.hasPrefix(".") }.count

        // The library still works, and its names never repeat; the next writing command moved the
        // killed import's whole photos aside, none deleted.
        let after = try runner.writeJPEG(named: "after.jpg")
        #expect(try runner.run(["addmedia", phone, after]).exitCode == 0)
        let final = try runner.mediaAssets(phone)
        #expect(final.count == assets.count + 1)
        #expect(Set(final.compactMap { $0["fileName"] as? String }).count == final.count)
        let files = try FileManager.default.contentsOfDirectory(atPath: cameraRoll)
        #expect(files.count == final.count, "files \(files.count), assets \(final.count)")
        let orphans = runner.setPath.appendingPathComponent("\(phone)/data/Media/PhotoData/Orphans")
        let moved = (try? FileManager.default.contentsOfDirectory(atPath: orphans).count) ?? 0
        #expect(moved == left - assets.count, "\(left) files were left, \(moved) moved aside")
    }
}
