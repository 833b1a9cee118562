import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One end of the connection between the simulator and an app process (a Unix socket pair, so
/// that a write to an app that ended fails with `EPIPE` instead of raising SIGPIPE): messages framed as
/// two 4-byte big-endian lengths, that many bytes of JSON (Foundation's coders, keys sorted, so
/// the same message is the same bytes), then that many bytes of attachments: every `Data` in a
/// message (a photo, a drawing) travels as its own bytes after the JSON, which names it by its
/// offset and length there, rather than as base64 inside it.
///
/// The simulator creates the socket pair when it launches an app and passes the app's end as the
/// file descriptors named by `PHOTOSIM_APP_CHANNEL` (`"<read fd>,<write fd>"`, both 3).
public struct AppChannel: Sendable {
    /// The environment variable naming an app process's ends of its channel.
    public static let environmentKey = "PHOTOSIM_APP_CHANNEL"
    /// The environment variable with the version of the messages the simulator speaks
    /// (``version``): an app built against another UIKit says so instead of misreading them.
    public static let versionKey = "PHOTOSIM_APP_CHANNEL_VERSION"
    /// The messages' version, raised with every change to their shape.
    public static let version = 8

    /// Why an app cannot talk to the simulator that launched it, or nil when it can: the
    /// simulator names a version of the messages (``versionKey``) other than this build's.
    public static func versionMismatch(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       executable: String) -> String? {
        guard let text = environment[versionKey], text != String(version) else { return nil }
        return "\(executable) was built against another PhotoSim UIKit: the simulator speaks version \(text) of "
            + "the app channel, the app version \(version); build the app again with the PhotoSim that runs it"
    }
    /// The largest message either side accepts: far above any element tree.
    public static let maximumMessageBytes = 16 << 20
    /// The largest attachments of one message: far above any photo.
    public static let maximumAttachmentBytes = 256 << 20

    public let readDescriptor: Int32
    public let writeDescriptor: Int32

    public init(readDescriptor: Int32, writeDescriptor: Int32) {
        self.readDescriptor = readDescriptor
        self.writeDescriptor = writeDescriptor
    }

    /// The channel `environment` names, or nil when it names none (the app was not launched by
    /// the simulator) or names it badly.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> AppChannel? {
        guard let text = environment[environmentKey] else { return nil }
        let parts = text.split(separator: ",").compactMap { Int32($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 >= 0 }) else { return nil }
        return AppChannel(readDescriptor: parts[0], writeDescriptor: parts[1])
    }

    /// Why a message could not cross.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The other end closed its side (the app process ended, or the simulator went away).
        case closed
        /// Nothing arrived within the bound.
        case timedOut(seconds: Double)
        /// A length over ``AppChannel/maximumMessageBytes``, or bytes that are not the expected message.
        case malformed(String)
        case system(call: String, errno: Int32)

        public var description: String {
            switch self {
            case .closed: return "the other end of the app channel closed"
            case .timedOut(let seconds): return "no answer on the app channel within \(seconds) s"
            case .malformed(let reason): return "a malformed message on the app channel: \(reason)"
            case .system(let call, let code): return "\(call) on the app channel failed: \(String(cString: strerror(code)))"
            }
        }
    }

    /// The bytes of a message's `Data` values, in the order they were encoded.
    private final class Attachments: @unchecked Sendable {
        var bytes = Data()
    }

    /// Writes one message whole (a pipe write past its buffer blocks until the reader reads).
    public func send<Message: Encodable>(_ message: Message) throws(Failure) {
        let attachments = Attachments()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode([attachments.bytes.count, data.count])
            attachments.bytes.append(data)
        }
        let body: Data
        do { body = try encoder.encode(message) } catch { throw .malformed("\(error)") }
        guard body.count <= Self.maximumMessageBytes else { throw .malformed("\(body.count) bytes is over the limit") }
        guard attachments.bytes.count <= Self.maximumAttachmentBytes else {
            throw .malformed("\(attachments.bytes.count) bytes of attachments is over the limit")
        }
        var header = Data(count: 8)
        for (index, length) in [UInt32(body.count), UInt32(attachments.bytes.count)].enumerated() {
            for byte in 0..<4 { header[index * 4 + byte] = UInt8((length >> (24 - 8 * UInt32(byte))) & 0xFF) }
        }
        try write(header)
        try write(body)
        try write(attachments.bytes)
    }

    private func write(_ data: Data) throws(Failure) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { raw in
                Glibc.send(writeDescriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE || errno == ECONNRESET { throw .closed }
                throw .system(call: "write", errno: errno)
            }
            offset += written
        }
    }

    /// Reads one message; with `timeout`, waits at most that long for each part of it (a bound
    /// against an app that stopped answering, never a pace).
    public func receive<Message: Decodable>(_ type: Message.Type, timeout: Double? = nil) throws(Failure) -> Message {
        let header = try read(count: 8, timeout: timeout)
        let length = header.prefix(4).reduce(0) { ($0 << 8) | Int($1) }
        let attachmentLength = header.suffix(4).reduce(0) { ($0 << 8) | Int($1) }
        guard length <= Self.maximumMessageBytes else { throw .malformed("a length of \(length) bytes is over the limit") }
        guard attachmentLength <= Self.maximumAttachmentBytes else {
            throw .malformed("\(attachmentLength) bytes of attachments is over the limit")
        }
        let body = try read(count: length, timeout: timeout)
        let attachments = try read(count: attachmentLength, timeout: timeout)
        let decoder = JSONDecoder()
        decoder.dataDecodingStrategy = .custom { decoder in
            let span = try decoder.singleValueContainer().decode([Int].self)
            guard span.count == 2, span[0] >= 0, span[1] >= 0, span[0] <= attachments.count - span[1] else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                        debugDescription: "\(span) is not a span of the \(attachments.count) bytes attached"))
            }
            return attachments.subdata(in: span[0]..<(span[0] + span[1]))
        }
        do { return try decoder.decode(type, from: body) } catch { throw .malformed("\(error)") }
    }

    private func read(count: Int, timeout: Double?) throws(Failure) -> Data {
        var data = Data(count: count)
        var offset = 0
        while offset < count {
            if let timeout {
                var poller = pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(timeout * 1000, Double(Int32.max))))
                if ready < 0 {
                    if errno == EINTR { continue }
                    throw .system(call: "poll", errno: errno)
                }
                if ready == 0 { throw .timedOut(seconds: timeout) }
            }
            let got = data.withUnsafeMutableBytes { raw in
                Glibc.read(readDescriptor, raw.baseAddress! + offset, count - offset)
            }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { throw .closed }
                throw .system(call: "read", errno: errno)
            }
            if got == 0 { throw .closed }
            offset += got
        }
        return data
    }
}
