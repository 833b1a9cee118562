import AppChannel
import AppRuntime
import Core
import Foundation
import Testing
import World

/// The channel's frames: JSON with every `Data` carried as its own bytes after it.
@Suite struct AppChannelTests {
    private func pair() throws -> (AppChannel, AppChannel, [Int32]) {
        var ends: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (AppChannel(readDescriptor: ends[0], writeDescriptor: ends[0]),
                AppChannel(readDescriptor: ends[1], writeDescriptor: ends[1]), ends)
    }

    @Test func dataCrossesAsItsOwnBytes() throws {
        let (host, app, ends) = try pair()
        defer { ends.forEach { close($0) } }
        let photo = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let messages: [HostMessage] = [
            .takePhoto(data: photo),
            .takeSyntheticPhoto(SyntheticCameraImage(width: 4032, height: 3024, seed: .max)),
            .pickImage(data: Data([1, 2, 3]), fileName: "IMG_0001.JPG", number: 1, crop: nil),
            .libraryAnswer(.data(nil)),
            .libraryAnswer(.data(photo)),
        ]
        for message in messages {
            let sender = Thread { try? host.send(message) }
            sender.start()
            #expect(try app.receive(HostMessage.self, timeout: 10) == message)
        }
        let request = AppMessage.library(.add(images: [Data(), Data([9]), photo]))
        let sender = Thread { try? app.send(request) }
        sender.start()
        #expect(try host.receive(AppMessage.self, timeout: 10) == request, "empty, small and large, in order")
    }

    /// The camera's synthetic photo is one picture: an app process makes from the message the
    /// pixels the app host makes from the same draw of the world's camera stream.
    @Test func aSyntheticPhotoIsTheSamePictureOnBothSides() throws {
        func stream(_ seed: UInt64) -> RandomSource { World(seed: seed).streams.stream("camera") }
        let hosted = SyntheticPhoto.make(width: 7, height: 5, random: stream(3), meter: nil)
        let described = SyntheticPhoto.next(width: 7, height: 5, random: stream(3))
        #expect(described.rgbPixels() == hosted.pixels)
        #expect(described.rgbPixels().count == 7 * 5 * 3)
        #expect(SyntheticPhoto.next(width: 7, height: 5, random: stream(4)).rgbPixels() != hosted.pixels, "another seed, another colour")
    }

    @Test func aSpanPastTheAttachmentsIsMalformed() throws {
        let (_, app, ends) = try pair()
        defer { ends.forEach { close($0) } }
        let json = Data(#"{"takePhoto":{"data":[0,10]}}"#.utf8)
        var frame = Data([0, 0, 0, UInt8(json.count), 0, 0, 0, 4])
        frame.append(json)
        frame.append(Data([1, 2, 3, 4]))
        #expect(frame.withUnsafeBytes { Glibc.send(ends[0], $0.baseAddress, $0.count, 0) } == frame.count)
        #expect(throws: AppChannel.Failure.self) { try app.receive(HostMessage.self, timeout: 10) }
    }
}

/// An element tree crosses whole: every field of every node, missing strings as missing.
@Suite struct ElementTreeCodingTests {
    @Test func aTreeRoundTripsThroughTheChannelsCoders() throws {
        let tree = ElementNode(id: 0, kind: "window", frame: [0, 0, 393, 852], children: [
            ElementNode(id: 1, kind: "textField", label: nil, identifier: "name", value: "Beach “é”", placeholder: "Name",
                        frame: [20.5, 100, 353, 34], isEnabled: false, isFocused: true, isSelected: true),
            ElementNode(id: 2, kind: "button", label: "Add", frame: [0, 0, 44, 44], children: [
                ElementNode(id: 3, kind: "label", label: "", frame: []),
            ]),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(tree)
        #expect(try JSONDecoder().decode(ElementNode.self, from: data) == tree)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"[0,"window",null,null,null,null,[0,0,393,852],true,false,false,["#))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ElementNode.self, from: Data(#"[0,"window"]"#.utf8)) }
    }
}

/// An app built against another UIKit says so, instead of misreading the simulator's messages.
@Suite struct ChannelVersionTests {
    @Test func anotherVersionIsNamedAndTheSameIsNot() {
        #expect(AppChannel.versionMismatch([AppChannel.versionKey: String(AppChannel.version)], executable: "Journal") == nil)
        #expect(AppChannel.versionMismatch([:], executable: "Journal") == nil, "a simulator that names none")
        let mismatch = AppChannel.versionMismatch([AppChannel.versionKey: "1"], executable: "Journal")
        #expect(mismatch?.contains("Journal was built against another PhotoSim UIKit") == true)
        #expect(mismatch?.contains("build the app again") == true)
    }

    @Test func theAppRefusesToRunOnAnotherVersion() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: JournalFixture.executablePath)
        process.environment = [AppChannel.environmentKey: "3,3", AppChannel.versionKey: "1"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(output.contains("UIKit: Journal was built against another PhotoSim UIKit: the simulator speaks version 1"), "\(output)")
    }
}
