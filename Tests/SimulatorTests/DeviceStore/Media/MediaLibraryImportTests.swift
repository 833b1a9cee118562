import Core
import Foundation
import PhotoSimTesting
@testable import AppRuntime
@testable import DeviceStore
@testable import SimctlPresentation
import Testing

/// Hostile inputs to `add`: only regular files under the size limit are read, without blocking,
/// a file is judged by its first bytes before it is read whole, and the bytes checked are stored.
@Suite struct MediaLibraryImportTests {
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let sandbox = try MediaSandbox()
        let fifo = sandbox.folder + "/photo.jpg"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: MediaLibraryError.notAFile(path: fifo, kind: .namedPipe)) {
            try sandbox.open().add([MediaSource(filePath: fifo)])
        }
        #expect(MediaLibraryError.notAFile(path: fifo, kind: .namedPipe).description.contains("named pipe (FIFO)"))
    }

    @Test(arguments: [("/dev/zero", FileKind.characterDevice), ("/dev/null", .characterDevice), ("/tmp", .directory)])
    func devicesAndFoldersAreRefusedByKind(path: String, kind: FileKind) throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        #expect(throws: MediaLibraryError.notAFile(path: path, kind: kind)) { try library.add([MediaSource(filePath: path)]) }
        #expect(try library.assets().isEmpty)
    }

    @Test func aHugeSparseFileIsRefusedBeforeAnyByteIsRead() throws {
        let sandbox = try MediaSandbox()
        let path = try sandbox.writeSourceFile("huge.jpg", Data([0xFF, 0xD8, 0xFF, 0xE0]))
        #expect(truncate(path, 1 << 30) == 0)
        #expect(throws: MediaLibraryError.fileTooLarge(path: path, sizeBytes: 1 << 30, limitBytes: MediaLibrary.maximumFileBytes)) {
            try sandbox.open().add([MediaSource(filePath: path)])
        }
    }

    @Test func aLargeNonPhotoIsRefusedFromItsFirstBytes() throws {
        let sandbox = try MediaSandbox()
        let path = try sandbox.writeSourceFile("notes.jpg", Data(repeating: UInt8(ascii: "a"), count: 1_000_000))
        let spy = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        #expect(throws: MediaLibraryError.unsupportedFile(path: path, detected: "text")) {
            try sandbox.open(fileSystem: spy).add([MediaSource(filePath: path)])
        }
        #expect(spy.count(of: .read, pathContaining: "notes.jpg") == 1, "only the first bytes are read")
    }

    /// A few hundred bytes of header claiming 65,500 x 65,500 pixels, at the front of 8 MB.
    @Test func aDecompressionBombIsRefusedFromItsFirstBytes() throws {
        let sandbox = try MediaSandbox()
        var bytes = [UInt8](try sandbox.jpeg(width: 16, height: 16))
        let frame = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange((frame + 5)..<(frame + 9), with: [0xFF, 0xDC, 0xFF, 0xDC])  // height, width 65500
        let path = try sandbox.writeSourceFile("bomb.jpg", Data(bytes) + Data(count: 8_000_000))
        let spy = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        #expect(throws: MediaLibraryError.imageTooLarge(path: path, pixelWidth: 65_500, pixelHeight: 65_500,
                                                        limitPixels: ImageLimits.defaultMaximumPixelCount)) {
            try sandbox.open(fileSystem: spy).add([MediaSource(filePath: path)])
        }
        #expect(spy.count(of: .read, pathContaining: "bomb.jpg") == 1, "only the first bytes are read")
    }

    @Test func aFileIsStoredByteForByte() throws {
        let sandbox = try MediaSandbox()
        let data = try MediaSandbox.fixture("tiny_orient6.jpg")
        let path = try sandbox.writeSourceFile("turned.jpg", data)
        let added = try sandbox.open().add([MediaSource(filePath: path), try MediaSandbox.source("gradient_40x30.png")])
        #expect(added.map(\.fileName) == ["IMG_0001.JPG", "IMG_0002.PNG"])
        #expect(added[0].originalFilename == "turned.jpg" && added[0].fileSize == data.count)
        #expect(try sandbox.fileSystem.contents(of: sandbox.mediaFolder + "/" + added[0].path) == data)
    }

    /// The check runs on several cores; the error is still the first bad source in order.
    @Test func theFirstRefusedSourceInOrderIsReported() throws {
        let sandbox = try MediaSandbox()
        let good = try sandbox.jpeg(width: 64, height: 48)
        var sources = (0..<12).map { MediaSource(path: "good-\($0).jpg", data: good) }
        sources[3] = MediaSource(path: "third.webp", data: Data(MediaLibraryRejectionTests.webP))
        sources[9] = MediaSource(path: "ninth.txt", data: Data("text".utf8))
        let library = try sandbox.open()
        for _ in 0..<5 {
            #expect(throws: MediaLibraryError.unsupportedFile(path: "third.webp", detected: "WebP image")) { try library.add(sources) }
        }
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }

    @Test func aFullDiskWhileStoringIsNamedAndAddsNothing() throws {
        let sandbox = try MediaSandbox()
        let paths = try (0..<3).map { try sandbox.writeSourceFile("p\($0).jpg", try sandbox.jpeg(width: 8, height: 8, shade: UInt8($0 * 50))) }
        let disk = FaultInjectingFileSystem(wrapping: sandbox.fileSystem)
        let library = try sandbox.open(fileSystem: disk)
        disk.inject(FaultRule(kind: .diskFull, operation: .write, nth: 2, pathPattern: "*DCIM/100APPLE*"))
        #expect {
            try library.add(paths.map(MediaSource.init(filePath:)))
        } throws: { error in
            guard case MediaLibraryError.diskFull(let path) = error else { return false }
            let message = "\(error)"
            return path.hasSuffix("IMG_0002.JPG") && message.contains("disk is full") && !message.contains("as it was")
                && SimctlError.media(error as! MediaLibraryError).exitCode == 74
        }
        #expect(try library.assets().isEmpty)
        #expect(try sandbox.cameraRollFiles().isEmpty)
    }

    @Test func progressCountsEachStoredPhotoInOrderBeforeTheCommit() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let sources = try (0..<4).map { MediaSource(path: "p\($0).jpg", data: try sandbox.jpeg(width: 8, height: 8, shade: UInt8($0 * 40))) }
        var calls: [String] = []
        let added = try library.add(sources) { stored, total in
            calls.append("\(stored)/\(total), \((try? library.assets().count) ?? -1) in the library")
        }
        #expect(added.count == 4)
        #expect(calls == ["1/4, 0 in the library", "2/4, 0 in the library", "3/4, 0 in the library", "4/4, 0 in the library"])
    }

    @Test func aRefusedPhotoStopsTheProgressAtThePhotosBeforeIt() throws {
        let sandbox = try MediaSandbox()
        let library = try sandbox.open()
        let good = try sandbox.jpeg(width: 8, height: 8)
        var stored: [Int] = []
        #expect(throws: MediaLibraryError.emptyFile(path: "empty.jpg")) {
            try library.add([MediaSource(path: "a.jpg", data: good), MediaSource(path: "empty.jpg", data: Data()),
                             MediaSource(path: "b.jpg", data: good)]) { count, _ in stored.append(count) }
        }
        #expect(stored == [1])
        #expect(try library.assets().isEmpty)
    }
}
