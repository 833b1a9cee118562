import Core
import Foundation
import Testing

/// `simctl media` and `addmedia` against a damaged library or hostile inputs, through the binary.
@Suite("media library damage, end to end") struct MediaDamageEndToEndTests {
    func mediaFolder(_ runner: SimctlRunner, _ udid: String) -> String {
        runner.setPath.appendingPathComponent("\(udid)/data/Media")
    }

    @Test func mediaListWithAnEmptiedDatabaseDeletesNoPhoto() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        let media = mediaFolder(runner, phone)
        let photos = try runner.fileSystem.contentsOfDirectory(at: media + "/DCIM/100APPLE")
        for suffix in ["-wal", "-shm"] { try runner.fileSystem.removeItem(at: media + "/PhotoData/Photos.sqlite" + suffix) }
        try runner.fileSystem.writeAtomically(Data(), to: media + "/PhotoData/Photos.sqlite")

        let list = try runner.run(["media", "list", phone])
        #expect(list.exitCode == 74, "\(list)")
        #expect(list.standardOutput.isEmpty)
        #expect(list.standardError.contains(media + "/PhotoData/Photos.sqlite is empty (0 bytes)"))
        #expect(list.standardError.contains("simctl erase"))
        #expect(try runner.fileSystem.contentsOfDirectory(at: media + "/DCIM/100APPLE") == photos)

        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let add = try runner.run(["addmedia", phone, try runner.writeJPEG(named: "new.jpg")])
        #expect(add.exitCode == 74, "\(add)")
        #expect(try runner.fileSystem.contentsOfDirectory(at: media + "/DCIM/100APPLE") == photos)
    }

    @Test func aSymlinkedCameraRollIsRefusedAndTheFolderItPointsAtIsUntouched() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        let outside = runner.folder.appendingPathComponent("outside")
        try runner.fileSystem.createDirectory(at: outside)
        try runner.fileSystem.writeAtomically(Data("precious".utf8), to: outside + "/IMG_0001.JPG")
        let cameraRoll = mediaFolder(runner, phone) + "/DCIM/100APPLE"
        try runner.fileSystem.removeItem(at: cameraRoll)
        #expect(symlink(outside, cameraRoll) == 0)

        let list = try runner.run(["media", "list", phone])
        #expect(list.exitCode == 74, "\(list)")
        #expect(list.standardError.contains(cameraRoll + " is a symbolic link"))
        #expect(try runner.fileSystem.contents(of: outside + "/IMG_0001.JPG") == Data("precious".utf8))
    }

    @Test func aMissingPhotoFileIsListedAsMissing() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        try runner.fileSystem.removeItem(at: mediaFolder(runner, phone) + "/DCIM/100APPLE/IMG_0002.JPG")
        let text = try runner.run(["media", "list", phone])
        #expect(text.exitCode == 0)
        #expect(text.standardOutput.contains(" DCIM/100APPLE/IMG_0002.JPG 800x450 2024-05-02T10:00:00Z Sunset.jpg [missing]\n"))
        #expect(text.standardOutput.contains(" DCIM/100APPLE/IMG_0001.JPG 640x480 2024-05-01T09:00:00Z Sky.jpg\n"))
        let assets = try runner.mediaAssets(phone)
        #expect(assets.map { $0["missing"] as? Bool } == [false, true, false, false, false, false])
    }

    @Test func addmediaOfAFIFOIsRefusedAtOnce() throws {
        let runner = try SimctlRunner()
        let phone = try runner.createDevice("Phone")
        #expect(try runner.run(["boot", phone]).exitCode == 0)
        let fifo = runner.folder.appendingPathComponent("camera.jpg")
        #expect(mkfifo(fifo, 0o644) == 0)
        let result = try runner.run(["addmedia", phone, try runner.writeJPEG(named: "ok.jpg"), fifo, "/dev/zero"])
        #expect(result.exitCode == 65, "\(result)")
        #expect(result.standardError == "Cannot add \(fifo): it is a named pipe (FIFO), not a regular file; addmedia reads only"
                + " regular files. Save the photo to a file first and add that. Nothing was added.\n")
        #expect(try runner.mediaAssets(phone).count == 6)
    }
}
