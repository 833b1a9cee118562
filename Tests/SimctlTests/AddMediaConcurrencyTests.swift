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
        for process in processes { process.waitUntilExit() }
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

    @Test func killedImportIsAllOrNothing() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let stock = try runner.mediaAssets(phone).count
        let paths = try (0..<300).map { index in try runner.writeJPEG(named: "many-\(index).jpg", shade: UInt8(index % 250)) }
        let cameraRoll = runner.setPath.appendingPathComponent("\(phone)/data/Media/DCIM/100APPLE")

        let process = try runner.start(["addmedia", phone] + paths)
        // Wait until the import has written some of its files, then kill it mid-way.
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline,
              (try? FileManager.default.contentsOfDirectory(atPath: cameraRoll).count) ?? 0 < stock + 20 {
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the import finished before it could be killed")

        let assets = try runner.mediaAssets(phone)
        #expect(assets.count == stock || assets.count == stock + 300, "partial import: \(assets.count - stock) of 300")
        // Listing is a reading command: the killed import's files are still where it left them.
        let left = try FileManager.default.contentsOfDirectory(atPath: cameraRoll).count

        // The library still works, and its names never repeat; the next writing command moved the
        // killed import's files aside, none deleted.
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
